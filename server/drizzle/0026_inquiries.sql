CREATE TABLE "inquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference_number" text NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"account_id" uuid,
	"topic" text NOT NULL,
	"reply_to" text NOT NULL,
	"draft" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"support_mailed_at" timestamp with time zone,
	"confirmation_mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inquiries_reference_number_unique" UNIQUE("reference_number"),
	CONSTRAINT "inquiries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "inquiries_reference_format" CHECK ("inquiries"."reference_number" ~ '^PB[0-9]{6}-[0-9A-HJKMNP-TV-Z]{4}$')
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_account_idx" ON "inquiries" USING btree ("account_id");