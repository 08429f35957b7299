CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_address" text,
	"membership_status" text DEFAULT 'MINI' NOT NULL,
	"official" boolean DEFAULT false NOT NULL,
	"protected" boolean DEFAULT false NOT NULL,
	"can_add_on" boolean DEFAULT false NOT NULL,
	"sns_penalty" text,
	"puriget_penalty" text DEFAULT 'GREEN' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_mail_address_unique" UNIQUE("mail_address")
);
--> statement-breakpoint
CREATE TABLE "machine_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"machine_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "machines" (
	"id" text PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"name" text NOT NULL,
	"series_id" text NOT NULL,
	"version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "puris" (
	"seal_id" text NOT NULL,
	"number" integer NOT NULL,
	"is_raw_puri" boolean NOT NULL,
	"raw_puri_image_number" integer,
	"is_proof_sample" boolean NOT NULL,
	"original_file_id" uuid NOT NULL,
	"thumbnail_file_id" uuid NOT NULL,
	"qvga_file_id" uuid NOT NULL,
	"medium_file_id" uuid NOT NULL,
	"preview_file_id" uuid NOT NULL,
	CONSTRAINT "puris_seal_id_number_pk" PRIMARY KEY("seal_id","number")
);
--> statement-breakpoint
CREATE TABLE "seals" (
	"id" text PRIMARY KEY NOT NULL,
	"machine_id" text NOT NULL,
	"shot_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seals_id_format" CHECK ("seals"."id" ~ '^[0-9A-HJKMNP-TV-Z]{10}$')
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid,
	"native_app" boolean DEFAULT false NOT NULL,
	"time_travel_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefecture_name" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "machine_keys" ADD CONSTRAINT "machine_keys_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "machines" ADD CONSTRAINT "machines_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puris" ADD CONSTRAINT "puris_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puris" ADD CONSTRAINT "puris_original_file_id_stored_files_id_fk" FOREIGN KEY ("original_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puris" ADD CONSTRAINT "puris_thumbnail_file_id_stored_files_id_fk" FOREIGN KEY ("thumbnail_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puris" ADD CONSTRAINT "puris_qvga_file_id_stored_files_id_fk" FOREIGN KEY ("qvga_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puris" ADD CONSTRAINT "puris_medium_file_id_stored_files_id_fk" FOREIGN KEY ("medium_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "puris" ADD CONSTRAINT "puris_preview_file_id_stored_files_id_fk" FOREIGN KEY ("preview_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seals" ADD CONSTRAINT "seals_machine_id_machines_id_fk" FOREIGN KEY ("machine_id") REFERENCES "public"."machines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "machine_keys_machine_idx" ON "machine_keys" USING btree ("machine_id");--> statement-breakpoint
CREATE INDEX "machines_shop_idx" ON "machines" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "seals_machine_idx" ON "seals" USING btree ("machine_id");--> statement-breakpoint
CREATE INDEX "seals_expires_idx" ON "seals" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");