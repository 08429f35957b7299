ALTER TABLE "subscriptions" ALTER COLUMN "gateway_ref" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "premium_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "amount_yen" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "plan" text;--> statement-breakpoint
UPDATE "subscriptions" SET "plan" = CASE "kind" WHEN 'CREDIT' THEN 'credit' WHEN 'AU' THEN 'auone' WHEN 'DOCOMO' THEN 'docomo' ELSE 'softbank' END;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "plan" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "consent_url" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "return_to" text DEFAULT '/sp/2/mypage/#/puri/new' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "return_to" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "last_paid_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_pending_uq" ON "subscriptions" USING btree ("account_id") WHERE "subscriptions"."status" = 'PENDING';--> statement-breakpoint
-- Membership is no longer stored (decision 0020): an account is PREMIUM while premium_until is
-- ahead, and premium_until comes from its subscriptions. The premium marks written before payments
-- existed (demo seeds) had none behind them; the demo seed subscribes its premium account again.
UPDATE "accounts" a SET "premium_until" = (
  SELECT max(CASE WHEN s."status" = 'GRACE' THEN s."grace_until" WHEN s."status" IN ('ACTIVE', 'CANCELLED', 'ENDED') THEN s."paid_until" END)
  FROM "subscriptions" s WHERE s."account_id" = a."id"
);--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "membership_status";
