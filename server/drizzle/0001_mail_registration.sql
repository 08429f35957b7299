CREATE TABLE "mail_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mail_address" text NOT NULL,
	"code_hash" text NOT NULL,
	"link_token_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"verified_session_hash" text,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "throttle_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "password_hash" text;--> statement-breakpoint
CREATE INDEX "mail_verifications_mail_idx" ON "mail_verifications" USING btree ("mail_address");--> statement-breakpoint
CREATE INDEX "mail_verifications_expires_idx" ON "mail_verifications" USING btree ("expires_at");