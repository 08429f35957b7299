CREATE TABLE "audition_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"audition_id" text NOT NULL,
	"check_id" uuid NOT NULL,
	"reference_number" text NOT NULL,
	"sent" jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audition_guardian_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"audition_id" text NOT NULL,
	"reference_number" text NOT NULL,
	"guardian_name" text NOT NULL,
	"relation" text NOT NULL,
	"mail_address" text NOT NULL,
	"token_hash" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "audition_guardian_consents_state" CHECK ("audition_guardian_consents"."state" in ('PENDING', 'AGREED', 'DECLINED', 'REPLACED')),
	CONSTRAINT "audition_guardian_consents_relation" CHECK ("audition_guardian_consents"."relation" in ('FATHER', 'MOTHER', 'OTHER_GUARDIAN')),
	CONSTRAINT "audition_guardian_consents_answered" CHECK (("audition_guardian_consents"."state" in ('AGREED', 'DECLINED')) = ("audition_guardian_consents"."answered_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "audition_applications" ADD CONSTRAINT "audition_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_applications" ADD CONSTRAINT "audition_applications_audition_id_auditions_id_fk" FOREIGN KEY ("audition_id") REFERENCES "public"."auditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_applications" ADD CONSTRAINT "audition_applications_check_id_audition_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."audition_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_guardian_consents" ADD CONSTRAINT "audition_guardian_consents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_guardian_consents" ADD CONSTRAINT "audition_guardian_consents_audition_id_auditions_id_fk" FOREIGN KEY ("audition_id") REFERENCES "public"."auditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audition_applications_check" ON "audition_applications" USING btree ("check_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audition_applications_member" ON "audition_applications" USING btree ("account_id","audition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audition_applications_reference" ON "audition_applications" USING btree ("reference_number");--> statement-breakpoint
CREATE UNIQUE INDEX "audition_guardian_consents_token" ON "audition_guardian_consents" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "audition_guardian_consents_one_pending" ON "audition_guardian_consents" USING btree ("account_id","audition_id") WHERE "audition_guardian_consents"."state" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "audition_guardian_consents_one_agreed" ON "audition_guardian_consents" USING btree ("account_id","audition_id") WHERE "audition_guardian_consents"."state" = 'AGREED';--> statement-breakpoint
CREATE INDEX "audition_guardian_consents_account_idx" ON "audition_guardian_consents" USING btree ("account_id","audition_id","requested_at");