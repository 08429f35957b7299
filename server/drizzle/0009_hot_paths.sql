ALTER TABLE "seal_registrations" ADD COLUMN "slot" smallint;--> statement-breakpoint
-- Owners so far take the places 1, 2, … in the order they saved (decision 0011).
UPDATE "seal_registrations" AS r SET "slot" = numbered.slot
FROM (
  SELECT "seal_id", "account_id", row_number() OVER (PARTITION BY "seal_id" ORDER BY "registered_at", "account_id") AS slot
  FROM "seal_registrations"
) AS numbered
WHERE r."seal_id" = numbered."seal_id" AND r."account_id" = numbered."account_id";--> statement-breakpoint
ALTER TABLE "seal_registrations" ALTER COLUMN "slot" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "accounts_puriget_red_idx" ON "accounts" USING btree ("id") WHERE "accounts"."puriget_penalty" = 'RED';--> statement-breakpoint
CREATE INDEX "puriget_failures_yellow_idx" ON "puriget_failures" USING btree ("yellow_until") WHERE "puriget_failures"."yellow_until" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "seal_registrations_slot_uq" ON "seal_registrations" USING btree ("seal_id","slot");
