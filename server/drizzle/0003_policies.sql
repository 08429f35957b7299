CREATE TABLE "policy_agreements" (
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "policy_agreements_account_id_kind_version_pk" PRIMARY KEY("account_id","kind","version")
);
--> statement-breakpoint
CREATE TABLE "policy_documents" (
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"url" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_documents_kind_version_pk" PRIMARY KEY("kind","version"),
	CONSTRAINT "policy_documents_kind" CHECK ("policy_documents"."kind" in ('furyu', 'puribox'))
);
--> statement-breakpoint
ALTER TABLE "policy_agreements" ADD CONSTRAINT "policy_agreements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_agreements" ADD CONSTRAINT "policy_agreements_document_fk" FOREIGN KEY ("kind","version") REFERENCES "public"."policy_documents"("kind","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policy_documents_latest_idx" ON "policy_documents" USING btree ("kind","published_at");--> statement-breakpoint
-- The versions in force when the agreement page arrived; later versions are published by the operator.
INSERT INTO "policy_documents" ("kind", "version", "url", "published_at") VALUES
	('furyu', '2026-04-01', '/web/common/information/privacyPolicy', '2026-04-01T00:00:00+09:00'),
	('puribox', '2026-04-01', '/web/common/information/externalTransmission', '2026-04-01T00:00:00+09:00')
ON CONFLICT DO NOTHING;
