CREATE TABLE "optimized_flows" (
	"flow_name" text PRIMARY KEY NOT NULL,
	"case_name" text NOT NULL,
	"rollout_percent" integer DEFAULT 100 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "optimized_flows_flow_name" CHECK ("optimized_flows"."flow_name" in ('TRIAL_JUDGE', 'PURI_GRID', 'MY_PAGE', 'PURIGET_LP')),
	CONSTRAINT "optimized_flows_case_name" CHECK ("optimized_flows"."case_name" in ('TRIAL', 'NORMAL')),
	CONSTRAINT "optimized_flows_rollout_percent" CHECK ("optimized_flows"."rollout_percent" between 0 and 100)
);
--> statement-breakpoint
-- The flows as they were before they became data: every member in the TRIAL case of every flow.
INSERT INTO "optimized_flows" ("flow_name", "case_name", "rollout_percent") VALUES
	('TRIAL_JUDGE', 'TRIAL', 100),
	('PURI_GRID', 'TRIAL', 100),
	('MY_PAGE', 'TRIAL', 100),
	('PURIGET_LP', 'TRIAL', 100)
ON CONFLICT DO NOTHING;
