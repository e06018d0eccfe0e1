CREATE TABLE "billing" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"status" text NOT NULL,
	"payment_method_id" integer,
	"currency" text DEFAULT 'HKD' NOT NULL,
	"billing_anchor_date" date NOT NULL,
	"billed_to_date" date,
	"paid_to_date" date,
	"next_invoice" date,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_policy_id_unique" UNIQUE("policy_id")
);
--> statement-breakpoint
CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	CONSTRAINT "company_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "default_payment_method" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_method_id" integer NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "default_payment_method_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "invoice" (
	"id" serial PRIMARY KEY NOT NULL,
	"billing_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"billing_company_id" integer,
	"group_policy_number" text,
	"invoice_type" text NOT NULL,
	"status" text NOT NULL,
	"policy_year" integer NOT NULL,
	"coverage_start_date" date NOT NULL,
	"coverage_end_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text DEFAULT 'HKD' NOT NULL,
	"pre_discount_amount" numeric(14, 2) NOT NULL,
	"pre_levy_amount" numeric(14, 2) NOT NULL,
	"pre_levy_amount_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"levy_percent" numeric(6, 3) NOT NULL,
	"levy_amount" numeric(14, 2) NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"outstanding_amount" numeric(14, 2) NOT NULL,
	"refunded_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"refund_date" date,
	"void_date" date,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"payment_method_id" integer,
	"document" jsonb,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"status" text NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"label" text NOT NULL,
	"brand" text,
	"last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"holder_name" text,
	"gateway_reference" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method_profile" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_method_id" integer NOT NULL,
	"role" text NOT NULL,
	"profile_id" integer NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_use" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clinic_api_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"venue_id" integer NOT NULL,
	"label" text NOT NULL,
	"key_prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "clinic_api_key_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "finder_index_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"rebuilt_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_member_policy" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_policy_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"principal_policy_id" integer,
	"join_date" date NOT NULL,
	"status" text NOT NULL,
	"removal_effective_date" date,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_member_policy_policy_id_unique" UNIQUE("policy_id")
);
--> statement-breakpoint
CREATE TABLE "group_policy" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_policy_number" text NOT NULL,
	"company_name" text NOT NULL,
	"admin_user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"status" text NOT NULL,
	"period_start_date" date NOT NULL,
	"period_end_date" date NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_policy_group_policy_number_unique" UNIQUE("group_policy_number")
);
--> statement-breakpoint
CREATE TABLE "group_policy_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_policy_id" integer NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"platforms" text[] NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"file_en" text NOT NULL,
	"file_zh" text NOT NULL,
	"effective_date" date NOT NULL,
	"expiry_date" date,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_benefit_allocation" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"benefit" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"policy_year_start" date NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_benefit_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"benefit" text NOT NULL,
	"units" numeric(12, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"incurred_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_profile_mapping" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"role" text NOT NULL,
	"profile_id" integer NOT NULL,
	"parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_redeem_code" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expiry_date" date NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by_user_id" uuid,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_redeem_code_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "policy_renewal" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"renewal_date" date NOT NULL,
	"document" jsonb,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_survey_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"attempt" jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"document_name" text NOT NULL,
	"document_url" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"proposed_effective_date" date NOT NULL,
	"from_product_id" integer NOT NULL,
	"to_product_id" integer,
	"option_type" text,
	"underwriting_case_id" integer,
	"profile_mapping_change" jsonb,
	"identity_verification_change" jsonb,
	"document_number_hash" text,
	"decision_reason" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "underwriting_case" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"questionnaire" text NOT NULL,
	"status" text NOT NULL,
	"answers" jsonb NOT NULL,
	"follow_ups" jsonb NOT NULL,
	"decisions" jsonb NOT NULL,
	"result" text,
	"expiry_date" date NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "underwriting_question" (
	"id" serial PRIMARY KEY NOT NULL,
	"questionnaire" text NOT NULL,
	"code" text NOT NULL,
	"sequence" integer NOT NULL,
	"section" text NOT NULL,
	"subsection" text,
	"remark" text,
	"message_en" text NOT NULL,
	"message_zh" text NOT NULL,
	"type" text NOT NULL,
	"input_configs" jsonb NOT NULL,
	"condition_question_id" integer,
	"condition_values" jsonb
);
--> statement-breakpoint
CREATE TABLE "application_case" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"submit_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"sequence" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "bank_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "environment_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text,
	"default" text,
	"type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heals_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"policy_id" integer NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incorporation_type" (
	"code" text PRIMARY KEY NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nationality" (
	"code" text PRIMARY KEY NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"ordering" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occupation" (
	"id" serial PRIMARY KEY NOT NULL,
	"industry_en" text NOT NULL,
	"industry_zh" text NOT NULL,
	"role_en" text NOT NULL,
	"role_zh" text NOT NULL,
	"sequence" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_user" (
	"partner_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_user_partner_id_user_id_pk" PRIMARY KEY("partner_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "root_secret" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stakeholder" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text,
	"roles" text[] NOT NULL,
	"identification_document" text NOT NULL,
	"document_number_hash" text NOT NULL,
	"document_number_masked" text NOT NULL,
	"address" jsonb,
	"shares_over_threshold" boolean DEFAULT false NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stakeholder_role" (
	"code" text PRIMARY KEY NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	"sequence" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing" ADD CONSTRAINT "billing_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing" ADD CONSTRAINT "billing_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_payment_method" ADD CONSTRAINT "default_payment_method_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "default_payment_method" ADD CONSTRAINT "default_payment_method_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_billing_id_billing_id_fk" FOREIGN KEY ("billing_id") REFERENCES "public"."billing"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_billing_company_id_company_id_fk" FOREIGN KEY ("billing_company_id") REFERENCES "public"."company"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method" ADD CONSTRAINT "payment_method_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_profile" ADD CONSTRAINT "payment_method_profile_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_profile" ADD CONSTRAINT "payment_method_profile_profile_id_policy_party_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."policy_party"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinic_api_key" ADD CONSTRAINT "clinic_api_key_venue_id_venue_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_member_policy" ADD CONSTRAINT "group_member_policy_group_policy_id_group_policy_id_fk" FOREIGN KEY ("group_policy_id") REFERENCES "public"."group_policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_member_policy" ADD CONSTRAINT "group_member_policy_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_member_policy" ADD CONSTRAINT "group_member_policy_principal_policy_id_policy_id_fk" FOREIGN KEY ("principal_policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_policy" ADD CONSTRAINT "group_policy_admin_user_id_app_user_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_policy" ADD CONSTRAINT "group_policy_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_policy_document" ADD CONSTRAINT "group_policy_document_group_policy_id_group_policy_id_fk" FOREIGN KEY ("group_policy_id") REFERENCES "public"."group_policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_benefit_allocation" ADD CONSTRAINT "policy_benefit_allocation_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_benefit_usage" ADD CONSTRAINT "policy_benefit_usage_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_profile_mapping" ADD CONSTRAINT "policy_profile_mapping_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_profile_mapping" ADD CONSTRAINT "policy_profile_mapping_profile_id_policy_party_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."policy_party"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_redeem_code" ADD CONSTRAINT "policy_redeem_code_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_redeem_code" ADD CONSTRAINT "policy_redeem_code_redeemed_by_user_id_app_user_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_renewal" ADD CONSTRAINT "policy_renewal_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_survey_attempt" ADD CONSTRAINT "policy_survey_attempt_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_report" ADD CONSTRAINT "tax_report_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_from_product_id_product_id_fk" FOREIGN KEY ("from_product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_to_product_id_product_id_fk" FOREIGN KEY ("to_product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_underwriting_case_id_underwriting_case_id_fk" FOREIGN KEY ("underwriting_case_id") REFERENCES "public"."underwriting_case"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underwriting_case" ADD CONSTRAINT "underwriting_case_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underwriting_case" ADD CONSTRAINT "underwriting_case_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_case" ADD CONSTRAINT "application_case_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_case" ADD CONSTRAINT "application_case_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heals_account" ADD CONSTRAINT "heals_account_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heals_account" ADD CONSTRAINT "heals_account_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_user" ADD CONSTRAINT "partner_user_partner_id_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_user" ADD CONSTRAINT "partner_user_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "root_secret" ADD CONSTRAINT "root_secret_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakeholder" ADD CONSTRAINT "stakeholder_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_payment_method_idx" ON "billing" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "invoice_policy_idx" ON "invoice" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "invoice_billing_idx" ON "invoice" USING btree ("billing_id");--> statement-breakpoint
CREATE INDEX "invoice_due_date_idx" ON "invoice" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "payment_method_user_idx" ON "payment_method" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_method_profile_unique_idx" ON "payment_method_profile" USING btree ("payment_method_id","role","profile_id");--> statement-breakpoint
CREATE INDEX "captcha_use_expires_idx" ON "captcha_use" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "clinic_api_key_venue_idx" ON "clinic_api_key" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "group_member_policy_group_idx" ON "group_member_policy" USING btree ("group_policy_id");--> statement-breakpoint
CREATE INDEX "group_policy_document_group_idx" ON "group_policy_document" USING btree ("group_policy_id");--> statement-breakpoint
CREATE INDEX "policy_benefit_allocation_policy_idx" ON "policy_benefit_allocation" USING btree ("policy_id","policy_year_start");--> statement-breakpoint
CREATE INDEX "policy_benefit_usage_policy_idx" ON "policy_benefit_usage" USING btree ("policy_id","incurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_profile_mapping_unique_idx" ON "policy_profile_mapping" USING btree ("policy_id","role","profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_renewal_policy_date_idx" ON "policy_renewal" USING btree ("policy_id","renewal_date");--> statement-breakpoint
CREATE INDEX "policy_survey_attempt_policy_idx" ON "policy_survey_attempt" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "tax_report_policy_idx" ON "tax_report" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "service_request_policy_idx" ON "service_request" USING btree ("policy_id","status");--> statement-breakpoint
CREATE INDEX "service_request_due_idx" ON "service_request" USING btree ("status","proposed_effective_date");--> statement-breakpoint
CREATE INDEX "underwriting_case_user_idx" ON "underwriting_case" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "underwriting_question_code_idx" ON "underwriting_question" USING btree ("questionnaire","code");--> statement-breakpoint
CREATE INDEX "application_case_user_idx" ON "application_case" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "heals_account_user_policy_idx" ON "heals_account" USING btree ("user_id","policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_user_idx" ON "partner_user" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "root_secret_token_idx" ON "root_secret" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "stakeholder_user_idx" ON "stakeholder" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stakeholder_user_document_idx" ON "stakeholder" USING btree ("user_id","identification_document","document_number_hash");