CREATE TABLE "puriget_failures" (
	"subject" text PRIMARY KEY NOT NULL,
	"account_id" uuid,
	"hour_start" timestamp with time zone NOT NULL,
	"hour_failures" integer NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"day_failures" integer NOT NULL,
	"yellow_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "puriget_failures" ADD CONSTRAINT "puriget_failures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "puriget_failures_account_idx" ON "puriget_failures" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "puriget_failures_day_idx" ON "puriget_failures" USING btree ("day_start");