CREATE TABLE "certificate_upload_chunks" (
	"upload_id" uuid NOT NULL,
	"offset" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "certificate_upload_chunks_upload_id_offset_pk" PRIMARY KEY("upload_id","offset")
);
--> statement-breakpoint
CREATE TABLE "certificate_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"application_id" uuid,
	"slot" text NOT NULL,
	"file_name" text NOT NULL,
	"byte_size" integer NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	"content_type" text,
	"storage_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "certificate_uploads_received" CHECK ("certificate_uploads"."received" between 0 and "certificate_uploads"."byte_size"),
	CONSTRAINT "certificate_uploads_complete" CHECK (("certificate_uploads"."storage_key" is null) = ("certificate_uploads"."content_type" is null))
);
--> statement-breakpoint
CREATE TABLE "school_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"family_name" text NOT NULL,
	"given_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"mail_address" text NOT NULL,
	"grade" integer NOT NULL,
	"kind_document" text NOT NULL,
	"state" text DEFAULT 'SUBMITTED' NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"premium_until" timestamp with time zone,
	"files_deleted_at" timestamp with time zone,
	CONSTRAINT "school_applications_grade" CHECK ("school_applications"."grade" between 1 and 3),
	CONSTRAINT "school_applications_state" CHECK ("school_applications"."state" in ('SUBMITTED', 'APPROVED', 'REJECTED')),
	CONSTRAINT "school_applications_reviewed" CHECK (("school_applications"."state" = 'SUBMITTED') = ("school_applications"."reviewed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "certificate_upload_chunks" ADD CONSTRAINT "certificate_upload_chunks_upload_id_certificate_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."certificate_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_uploads" ADD CONSTRAINT "certificate_uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_uploads" ADD CONSTRAINT "certificate_uploads_application_id_school_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."school_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_applications" ADD CONSTRAINT "school_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificate_uploads_account" ON "certificate_uploads" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "certificate_uploads_application" ON "certificate_uploads" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "school_applications_one_waiting" ON "school_applications" USING btree ("account_id") WHERE "school_applications"."state" = 'SUBMITTED';--> statement-breakpoint
CREATE INDEX "school_applications_account" ON "school_applications" USING btree ("account_id","submitted_at");