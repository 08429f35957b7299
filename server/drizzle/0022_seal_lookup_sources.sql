CREATE TABLE "seal_lookup_sources" (
	"day" date NOT NULL,
	"source" text NOT NULL,
	"lookups" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "seal_lookup_sources_day_source_pk" PRIMARY KEY("day","source"),
	CONSTRAINT "seal_lookup_sources_source" CHECK ("seal_lookup_sources"."source" in ('inputSealId', 'qr', 'other'))
);
