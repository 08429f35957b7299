CREATE TABLE "saved_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"seal_id" text NOT NULL,
	"puri_number" integer NOT NULL,
	"saved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seal_registrations" (
	"seal_id" text NOT NULL,
	"account_id" uuid NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seal_registrations_seal_id_account_id_pk" PRIMARY KEY("seal_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "saved_images" ADD CONSTRAINT "saved_images_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_images" ADD CONSTRAINT "saved_images_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_images" ADD CONSTRAINT "saved_images_seal_id_puri_number_puris_seal_id_number_fk" FOREIGN KEY ("seal_id","puri_number") REFERENCES "public"."puris"("seal_id","number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_registrations" ADD CONSTRAINT "seal_registrations_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_registrations" ADD CONSTRAINT "seal_registrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_images_owner_puri_uq" ON "saved_images" USING btree ("account_id","seal_id","puri_number");--> statement-breakpoint
CREATE INDEX "saved_images_account_saved_idx" ON "saved_images" USING btree ("account_id","saved_at");--> statement-breakpoint
CREATE INDEX "seal_registrations_account_idx" ON "seal_registrations" USING btree ("account_id","registered_at");