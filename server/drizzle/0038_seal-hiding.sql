CREATE TABLE "seal_hidings" (
	"seal_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"operator_id" uuid,
	"hidden_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seal_hidings" ADD CONSTRAINT "seal_hidings_seal_id_seals_id_fk" FOREIGN KEY ("seal_id") REFERENCES "public"."seals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seal_hidings" ADD CONSTRAINT "seal_hidings_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;