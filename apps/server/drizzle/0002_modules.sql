CREATE TABLE "finder_rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_point_bookmark" (
	"user_id" uuid NOT NULL,
	"service_point_id" integer NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_point_bookmark_user_id_service_point_id_pk" PRIMARY KEY("user_id","service_point_id")
);
--> statement-breakpoint
CREATE TABLE "service_point_card" (
	"service_point_id" integer PRIMARY KEY NOT NULL,
	"card" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_point_search" (
	"service_point_id" integer PRIMARY KEY NOT NULL,
	"panel" text NOT NULL,
	"district_code" text NOT NULL,
	"district_sequence" integer NOT NULL,
	"region_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"specialty_slug" text,
	"member_price" numeric(10, 2),
	"doctor_sort_name" text NOT NULL,
	"search_text" text NOT NULL,
	"search_chars" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_session" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"challenge_hash" text,
	"payload" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_password_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_rate_counter" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "identity_rate_counter_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "identity_refresh_token" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_refresh_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "identity_session" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_sign_in_failure" (
	"email_key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_failure_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_view_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"policy_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_view_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "outpatient_ticket" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"type" text NOT NULL,
	"token_hash" text NOT NULL,
	"number_hash" text NOT NULL,
	"effective_date" date NOT NULL,
	"expiry_date" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outpatient_ticket_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "outpatient_ticket_number_hash_unique" UNIQUE("number_hash")
);
--> statement-breakpoint
CREATE TABLE "shared_card_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_card_link_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
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
ALTER TABLE "service_point_bookmark" ADD CONSTRAINT "service_point_bookmark_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_point_bookmark" ADD CONSTRAINT "service_point_bookmark_service_point_id_service_point_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_code" ADD CONSTRAINT "identity_code_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_password_history" ADD CONSTRAINT "identity_password_history_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_refresh_token" ADD CONSTRAINT "identity_refresh_token_session_id_identity_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."identity_session"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_session" ADD CONSTRAINT "identity_session_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_view_token" ADD CONSTRAINT "member_view_token_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_view_token" ADD CONSTRAINT "member_view_token_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outpatient_ticket" ADD CONSTRAINT "outpatient_ticket_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_card_link" ADD CONSTRAINT "shared_card_link_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "finder_rate_limit_reset_idx" ON "finder_rate_limit" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "service_point_search_order_idx" ON "service_point_search" USING btree ("panel","district_sequence","doctor_sort_name","service_point_id");--> statement-breakpoint
CREATE INDEX "service_point_search_service_idx" ON "service_point_search" USING btree ("panel","service_id");--> statement-breakpoint
CREATE INDEX "service_point_search_district_idx" ON "service_point_search" USING btree ("panel","district_code");--> statement-breakpoint
CREATE INDEX "service_point_search_price_idx" ON "service_point_search" USING btree ("panel","member_price");--> statement-breakpoint
CREATE INDEX "service_point_search_text_idx" ON "service_point_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_point_search_chars_idx" ON "service_point_search" USING gin ("search_chars");--> statement-breakpoint
CREATE INDEX "identity_code_user_purpose_idx" ON "identity_code" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "identity_code_challenge_idx" ON "identity_code" USING btree ("challenge_hash");--> statement-breakpoint
CREATE INDEX "identity_password_history_user_idx" ON "identity_password_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "identity_refresh_token_session_idx" ON "identity_refresh_token" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "identity_session_user_idx" ON "identity_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "outbox_message_created_idx" ON "outbox_message" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "member_view_token_member_idx" ON "member_view_token" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "outpatient_ticket_member_idx" ON "outpatient_ticket" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "shared_card_link_member_idx" ON "shared_card_link" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_record_user_key_idx" ON "idempotency_record" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_record_create_idx" ON "idempotency_record" USING btree ("create_date");--> statement-breakpoint
CREATE INDEX "policy_coupon_policy_idx" ON "policy_coupon" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policy_event_policy_idx" ON "policy_event" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "policy_party_policy_idx" ON "policy_party" USING btree ("policy_id","role");--> statement-breakpoint
CREATE INDEX "policy_selling_policy_idx" ON "policy_selling" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "premium_rate_product_idx" ON "premium_rate" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_benefit_product_idx" ON "product_benefit" USING btree ("product_id");