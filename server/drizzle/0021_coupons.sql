CREATE TABLE "coupon_models" (
	"coupon_id" uuid NOT NULL,
	"model_id" text NOT NULL,
	CONSTRAINT "coupon_models_coupon_id_model_id_pk" PRIMARY KEY("coupon_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "coupon_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"period" text DEFAULT '' NOT NULL,
	"code" text NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "coupon_tickets_once" UNIQUE("account_id","coupon_id","period"),
	CONSTRAINT "coupon_tickets_code" UNIQUE("code"),
	CONSTRAINT "coupon_tickets_validity" CHECK ("coupon_tickets"."valid_until" > "coupon_tickets"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"benefit" text NOT NULL,
	"conditions" text NOT NULL,
	"grant" text NOT NULL,
	"valid_days" integer NOT NULL,
	"scope" text NOT NULL,
	"shop_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_grant" CHECK ("coupons"."grant" in ('SIGN_UP', 'PREMIUM_MONTHLY', 'INDIVIDUAL')),
	CONSTRAINT "coupons_scope" CHECK ("coupons"."scope" in ('SHOP', 'MODELS', 'EVERY_BOOTH')),
	CONSTRAINT "coupons_shop" CHECK (("coupons"."scope" = 'SHOP') = ("coupons"."shop_id" is not null)),
	CONSTRAINT "coupons_valid_days" CHECK ("coupons"."valid_days" between 1 and 366),
	CONSTRAINT "coupons_window" CHECK ("coupons"."ends_at" is null or "coupons"."ends_at" > "coupons"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "coupon_models" ADD CONSTRAINT "coupon_models_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_models" ADD CONSTRAINT "coupon_models_model_id_machine_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."machine_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_tickets" ADD CONSTRAINT "coupon_tickets_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_tickets" ADD CONSTRAINT "coupon_tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_tickets_coupon_idx" ON "coupon_tickets" USING btree ("coupon_id");