ALTER TABLE "news_items" ALTER COLUMN "publish_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "help_answers" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "news_items_created_idx" ON "news_items" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_withdrawn" CHECK ("news_items"."withdrawn_at" is null or "news_items"."publish_at" is not null);