ALTER TABLE "coupons" DROP CONSTRAINT "coupons_grant";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_withdrawn" CHECK ("coupons"."withdrawn_at" is null or "coupons"."published_at" is not null);--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_grant" CHECK ("coupons"."grant" in ('EVERY_MEMBER', 'PREMIUM', 'FREE', 'SIGN_UP', 'PREMIUM_MONTHLY', 'INDIVIDUAL'));