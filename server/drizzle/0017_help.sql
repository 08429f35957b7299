CREATE TABLE "help_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"body" jsonb NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"related" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"operator_edited_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_answers_id" CHECK ("help_answers"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "help_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"lead" text NOT NULL,
	"operator_edited_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "help_categories_id" CHECK ("help_categories"."id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and "help_categories"."id" <> 'index')
);
--> statement-breakpoint
ALTER TABLE "help_answers" ADD CONSTRAINT "help_answers_category_id_help_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."help_categories"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "help_answers_category_idx" ON "help_answers" USING btree ("category_id","position");