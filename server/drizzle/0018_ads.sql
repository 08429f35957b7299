CREATE TABLE "ad_reaction_counts" (
	"ad_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_reaction_counts_ad_id_kind_day_pk" PRIMARY KEY("ad_id","kind","day"),
	CONSTRAINT "ad_reaction_counts_kind" CHECK ("ad_reaction_counts"."kind" in ('IMPRESSION', 'CLICK'))
);
--> statement-breakpoint
CREATE TABLE "ad_reactions" (
	"ad_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"viewer" text NOT NULL,
	"account_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ad_reactions_ad_id_kind_day_viewer_pk" PRIMARY KEY("ad_id","kind","day","viewer"),
	CONSTRAINT "ad_reactions_kind" CHECK ("ad_reactions"."kind" in ('IMPRESSION', 'CLICK'))
);
--> statement-breakpoint
CREATE TABLE "ad_spaces" (
	"id" text PRIMARY KEY NOT NULL,
	"placement" text,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_spaces_placement_unique" UNIQUE("placement")
);
--> statement-breakpoint
CREATE TABLE "advertisements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "advertisements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"space_id" text NOT NULL,
	"conversion_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"link_url" text NOT NULL,
	"link_type" text NOT NULL,
	"media_url" text,
	"media_type" text NOT NULL,
	"for_guests" boolean NOT NULL,
	"for_mini" boolean NOT NULL,
	"for_premium" boolean NOT NULL,
	"age_target" text DEFAULT 'ALL' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertisements_conversion_id_unique" UNIQUE("conversion_id"),
	CONSTRAINT "advertisements_link_type" CHECK ("advertisements"."link_type" in ('INTERNAL', 'EXTERNAL')),
	CONSTRAINT "advertisements_media_type" CHECK ("advertisements"."media_type" in ('IMAGE', 'TEXT')),
	CONSTRAINT "advertisements_age_target" CHECK ("advertisements"."age_target" in ('ALL', 'OVER_25', 'UNDER_25')),
	CONSTRAINT "advertisements_window" CHECK ("advertisements"."ends_at" is null or "advertisements"."ends_at" > "advertisements"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "ad_reaction_counts" ADD CONSTRAINT "ad_reaction_counts_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reactions" ADD CONSTRAINT "ad_reactions_ad_id_advertisements_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."advertisements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_reactions" ADD CONSTRAINT "ad_reactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisements" ADD CONSTRAINT "advertisements_space_id_ad_spaces_id_fk" FOREIGN KEY ("space_id") REFERENCES "public"."ad_spaces"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_reactions_account_idx" ON "ad_reactions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ad_reactions_day_idx" ON "ad_reactions" USING btree ("day");--> statement-breakpoint
CREATE INDEX "advertisements_space_idx" ON "advertisements" USING btree ("space_id","priority");--> statement-breakpoint
INSERT INTO "ad_spaces" ("id", "placement", "name") VALUES ('sp-top', 'topPage', 'Top page') ON CONFLICT DO NOTHING;
