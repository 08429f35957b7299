CREATE TABLE "machine_models" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_kana" text NOT NULL,
	"series_id" text NOT NULL,
	"series_name" text NOT NULL,
	"version" text NOT NULL,
	"released_on" date NOT NULL,
	"description" text NOT NULL,
	"supports_raw_puri" boolean NOT NULL,
	"supports_id_federation" boolean NOT NULL,
	"shots" smallint NOT NULL,
	"sample_count" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
