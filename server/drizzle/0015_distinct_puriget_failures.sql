ALTER TABLE "puriget_failures" ADD COLUMN "hour_seal_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "puriget_failures" ADD COLUMN "day_seal_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "puriget_failures" DROP COLUMN "hour_failures";--> statement-breakpoint
ALTER TABLE "puriget_failures" DROP COLUMN "day_failures";