CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"space_id" text NOT NULL,
	"html" text NOT NULL,
	"priority_level" integer DEFAULT 0 NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"publish_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_space" CHECK ("banners"."space_id" in ('maintenance_lead', 'questionnaire_lead', 'company_information', 'product_information', 'photos_banner')),
	CONSTRAINT "banners_priority" CHECK ("banners"."priority_level" between 0 and 9),
	CONSTRAINT "banners_window" CHECK ("banners"."publish_until" is null or "banners"."publish_until" > "banners"."publish_at")
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link_label" text,
	"link_url" text,
	"priority_level" integer DEFAULT 0 NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"publish_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_items_category" CHECK ("news_items"."category" in ('important', 'campaign', 'info')),
	CONSTRAINT "news_items_priority" CHECK ("news_items"."priority_level" between 0 and 9),
	CONSTRAINT "news_items_link" CHECK (("news_items"."link_label" is null) = ("news_items"."link_url" is null)),
	CONSTRAINT "news_items_window" CHECK ("news_items"."publish_until" is null or "news_items"."publish_until" > "news_items"."publish_at")
);
--> statement-breakpoint
CREATE TABLE "news_reads" (
	"account_id" uuid NOT NULL,
	"news_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_reads_account_id_news_id_pk" PRIMARY KEY("account_id","news_id")
);
--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_news_id_news_items_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_space_idx" ON "banners" USING btree ("space_id","publish_at");--> statement-breakpoint
CREATE INDEX "news_items_publish_at_idx" ON "news_items" USING btree ("publish_at");