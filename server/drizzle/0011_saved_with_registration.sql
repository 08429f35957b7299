ALTER TABLE "saved_images" DROP CONSTRAINT "saved_images_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "saved_images" DROP CONSTRAINT "saved_images_seal_id_seals_id_fk";
--> statement-breakpoint
ALTER TABLE "saved_images" ADD CONSTRAINT "saved_images_registration_fk" FOREIGN KEY ("seal_id","account_id") REFERENCES "public"."seal_registrations"("seal_id","account_id") ON DELETE cascade ON UPDATE no action;