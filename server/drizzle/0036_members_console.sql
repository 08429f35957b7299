CREATE TABLE "penalty_decisions" (
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"operator_id" uuid,
	"job" text,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "penalty_decisions_account_id_kind_pk" PRIMARY KEY("account_id","kind")
);
--> statement-breakpoint
ALTER TABLE "penalty_decisions" ADD CONSTRAINT "penalty_decisions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "penalty_decisions" ADD CONSTRAINT "penalty_decisions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_mail_address_lower_idx" ON "accounts" USING btree (lower("mail_address"));