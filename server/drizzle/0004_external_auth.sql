CREATE TABLE "external_auth_flows" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"session_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"provider" text NOT NULL,
	"account_id" uuid,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"on_success" text NOT NULL,
	"on_failure" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_identities" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"account_id" uuid NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "external_identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "line_recommendation_declines" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"declined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "external_auth_flows" ADD CONSTRAINT "external_auth_flows_session_hash_sessions_id_hash_fk" FOREIGN KEY ("session_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_auth_flows" ADD CONSTRAINT "external_auth_flows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_identities" ADD CONSTRAINT "external_identities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_recommendation_declines" ADD CONSTRAINT "line_recommendation_declines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_auth_flows_expires_idx" ON "external_auth_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "external_identities_account_provider_idx" ON "external_identities" USING btree ("account_id","provider");