CREATE TABLE "information_documents" (
	"page" text NOT NULL,
	"version" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "information_documents_page_version_pk" PRIMARY KEY("page","version"),
	CONSTRAINT "information_documents_page" CHECK (page in ('terms', 'privacyPolicy', 'puriTerms', 'paymentTerms', 'paymentProvider', 'operatingPolicy', 'privacy', 'externalTransmission'))
);
--> statement-breakpoint
CREATE INDEX "information_documents_latest_idx" ON "information_documents" USING btree ("page","published_at");--> statement-breakpoint
-- The policies' full texts are the information pages of their exact versions (decision 0038): the
-- versions 0003 published link to the version they are.
UPDATE "policy_documents" SET "url" = "url" || '?version=' || "version"
WHERE "url" IN ('/web/common/information/privacyPolicy', '/web/common/information/externalTransmission');
