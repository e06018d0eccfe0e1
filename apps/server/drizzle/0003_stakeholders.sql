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
ALTER TABLE "application_case" ADD CONSTRAINT "application_case_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_case" ADD CONSTRAINT "application_case_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heals_account" ADD CONSTRAINT "heals_account_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heals_account" ADD CONSTRAINT "heals_account_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_user" ADD CONSTRAINT "partner_user_partner_id_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_user" ADD CONSTRAINT "partner_user_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "root_secret" ADD CONSTRAINT "root_secret_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stakeholder" ADD CONSTRAINT "stakeholder_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_case_user_idx" ON "application_case" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "heals_account_user_policy_idx" ON "heals_account" USING btree ("user_id","policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_user_idx" ON "partner_user" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "root_secret_token_idx" ON "root_secret" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "stakeholder_user_idx" ON "stakeholder" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stakeholder_user_document_idx" ON "stakeholder" USING btree ("user_id","identification_document","document_number_hash");