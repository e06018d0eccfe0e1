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
CREATE INDEX "group_member_policy_group_idx" ON "group_member_policy" USING btree ("group_policy_id");--> statement-breakpoint
CREATE INDEX "group_policy_document_group_idx" ON "group_policy_document" USING btree ("group_policy_id");--> statement-breakpoint
CREATE INDEX "policy_benefit_allocation_policy_idx" ON "policy_benefit_allocation" USING btree ("policy_id","policy_year_start");--> statement-breakpoint
CREATE INDEX "policy_benefit_usage_policy_idx" ON "policy_benefit_usage" USING btree ("policy_id","incurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_profile_mapping_unique_idx" ON "policy_profile_mapping" USING btree ("policy_id","role","profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_renewal_policy_date_idx" ON "policy_renewal" USING btree ("policy_id","renewal_date");--> statement-breakpoint
CREATE INDEX "policy_survey_attempt_policy_idx" ON "policy_survey_attempt" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "tax_report_policy_idx" ON "tax_report" USING btree ("policy_id");