CREATE TABLE "audition_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"audition_id" text NOT NULL,
	"verifier_session_id" text NOT NULL,
	"verifier_url" text NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "audition_checks_state" CHECK ("audition_checks"."state" in ('PENDING', 'VERIFIED', 'REJECTED', 'ABANDONED', 'EXPIRED')),
	CONSTRAINT "audition_checks_completed" CHECK (("audition_checks"."state" = 'PENDING') = ("audition_checks"."completed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "auditions" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"organizer" text NOT NULL,
	"description" text NOT NULL,
	"min_age" integer NOT NULL,
	"max_age" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auditions_id" CHECK ("auditions"."id" ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
	CONSTRAINT "auditions_ages" CHECK ("auditions"."min_age" between 0 and 120 and "auditions"."max_age" between "auditions"."min_age" and 120),
	CONSTRAINT "auditions_window" CHECK ("auditions"."closes_at" > "auditions"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "audition_checks" ADD CONSTRAINT "audition_checks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audition_checks" ADD CONSTRAINT "audition_checks_audition_id_auditions_id_fk" FOREIGN KEY ("audition_id") REFERENCES "public"."auditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audition_checks_session" ON "audition_checks" USING btree ("verifier_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audition_checks_one_pending" ON "audition_checks" USING btree ("account_id","audition_id") WHERE "audition_checks"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "audition_checks_account_idx" ON "audition_checks" USING btree ("account_id","audition_id","started_at");