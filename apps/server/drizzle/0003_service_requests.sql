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
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_from_product_id_product_id_fk" FOREIGN KEY ("from_product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_to_product_id_product_id_fk" FOREIGN KEY ("to_product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request" ADD CONSTRAINT "service_request_underwriting_case_id_underwriting_case_id_fk" FOREIGN KEY ("underwriting_case_id") REFERENCES "public"."underwriting_case"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underwriting_case" ADD CONSTRAINT "underwriting_case_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underwriting_case" ADD CONSTRAINT "underwriting_case_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_request_policy_idx" ON "service_request" USING btree ("policy_id","status");--> statement-breakpoint
CREATE INDEX "service_request_due_idx" ON "service_request" USING btree ("status","proposed_effective_date");--> statement-breakpoint
CREATE INDEX "underwriting_case_user_idx" ON "underwriting_case" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "underwriting_question_code_idx" ON "underwriting_question" USING btree ("questionnaire","code");