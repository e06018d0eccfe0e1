CREATE TABLE "coupon" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"reward_type" text NOT NULL,
	"reward_value" numeric(12, 2) NOT NULL,
	"reward_length" integer NOT NULL,
	"status" text NOT NULL,
	"expiry_date" date,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "idempotency_record" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_coupon" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"coupon_id" integer NOT NULL,
	"reward_set" text,
	"discount_start_date" date NOT NULL,
	"discount_end_date" date
);
--> statement-breakpoint
CREATE TABLE "policy_event" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"type" text NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"active_documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_party" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"role" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"chinese_first_name" text,
	"chinese_last_name" text,
	"gender" text,
	"date_of_birth" date,
	"identity_document_type" text,
	"relationship" text,
	"allocation_percentage" numeric(5, 2),
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_selling" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"reward_set" text NOT NULL,
	"coupon_id" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_terms" (
	"policy_id" integer PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"sum_assured" numeric(14, 2),
	"expiry_date" date,
	"renewal_intention" text DEFAULT 'undecided' NOT NULL,
	"cash_balance" numeric(14, 2),
	"group_policy_number" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_rate" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"min_age" integer NOT NULL,
	"max_age" integer NOT NULL,
	"annual_premium" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_benefit" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"limit" numeric(14, 2),
	"unit" text,
	"waiting_period_value" integer,
	"waiting_period_unit" text,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_codes" text[] NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"platforms" text[] NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"file_en" text NOT NULL,
	"file_zh" text NOT NULL,
	"effective_date" date NOT NULL,
	"expiry_date" date,
	"purchase_date_from" date,
	"purchase_date_to" date,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_eligibility" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"code" text NOT NULL,
	"group_name" text NOT NULL,
	"min_issue_age_value" integer NOT NULL,
	"min_issue_age_unit" text NOT NULL,
	"max_issue_age_value" integer NOT NULL,
	"max_issue_age_unit" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"product_codes" text[] NOT NULL,
	CONSTRAINT "product_group_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "product_option" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"from_product_id" integer NOT NULL,
	"to_product_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_profile" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"short_name" text NOT NULL,
	"headline" text,
	"description" text,
	"line" text,
	"annual_limit" numeric(14, 2),
	"lifetime_limit" numeric(14, 2),
	"smm_annual_limit" numeric(14, 2),
	"triannual_limit" numeric(14, 2),
	"min_issue_age_value" integer NOT NULL,
	"min_issue_age_unit" text NOT NULL,
	"max_issue_age_value" integer NOT NULL,
	"max_issue_age_unit" text NOT NULL,
	"max_renewal_age" integer,
	"waiting_period_value" integer,
	"waiting_period_unit" text,
	"renewal_period" integer,
	"term_years" integer,
	"plan_option" text,
	"plan_details_url" text,
	"provision_url" text,
	"product_risk_url" text,
	"supplementary_products" text[] DEFAULT '{}' NOT NULL,
	"allow_flexible_selection" boolean DEFAULT false NOT NULL,
	"require_sum_assured" boolean DEFAULT false NOT NULL,
	"cash_scheme" text,
	"retention_reward_set" text,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"version" text NOT NULL,
	"content_en" text NOT NULL,
	"content_zh" text NOT NULL,
	"effective_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_set_coupon" (
	"reward_set" text NOT NULL,
	"reward_type" text NOT NULL,
	"reward_value" numeric(12, 2) NOT NULL,
	"reward_length" integer NOT NULL,
	"valid_days" integer NOT NULL,
	CONSTRAINT "reward_set_coupon_reward_set_pk" PRIMARY KEY("reward_set")
);
--> statement-breakpoint
CREATE TABLE "service_type" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	CONSTRAINT "service_type_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sum_assured_range" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"min_issue_age" integer NOT NULL,
	"max_issue_age" integer NOT NULL,
	"min_sum_assured" numeric(14, 2) NOT NULL,
	"max_sum_assured" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_record" ADD CONSTRAINT "idempotency_record_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_coupon" ADD CONSTRAINT "policy_coupon_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_coupon" ADD CONSTRAINT "policy_coupon_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_event" ADD CONSTRAINT "policy_event_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_party" ADD CONSTRAINT "policy_party_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_selling" ADD CONSTRAINT "policy_selling_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_selling" ADD CONSTRAINT "policy_selling_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_terms" ADD CONSTRAINT "policy_terms_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_rate" ADD CONSTRAINT "premium_rate_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_benefit" ADD CONSTRAINT "product_benefit_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_eligibility" ADD CONSTRAINT "product_eligibility_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option" ADD CONSTRAINT "product_option_from_product_id_product_id_fk" FOREIGN KEY ("from_product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option" ADD CONSTRAINT "product_option_to_product_id_product_id_fk" FOREIGN KEY ("to_product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_profile" ADD CONSTRAINT "product_profile_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_content" ADD CONSTRAINT "release_content_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sum_assured_range" ADD CONSTRAINT "sum_assured_range_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_record_user_key_idx" ON "idempotency_record" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_record_create_idx" ON "idempotency_record" USING btree ("create_date");--> statement-breakpoint
CREATE INDEX "policy_coupon_policy_idx" ON "policy_coupon" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policy_event_policy_idx" ON "policy_event" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policy_party_policy_idx" ON "policy_party" USING btree ("policy_id","role");--> statement-breakpoint
CREATE INDEX "policy_selling_policy_idx" ON "policy_selling" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "premium_rate_product_idx" ON "premium_rate" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_benefit_product_idx" ON "product_benefit" USING btree ("product_id");