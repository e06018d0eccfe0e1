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
CREATE INDEX "billing_payment_method_idx" ON "billing" USING btree ("payment_method_id");--> statement-breakpoint
CREATE INDEX "invoice_policy_idx" ON "invoice" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "invoice_billing_idx" ON "invoice" USING btree ("billing_id");--> statement-breakpoint
CREATE INDEX "invoice_due_date_idx" ON "invoice" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "payment_method_user_idx" ON "payment_method" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_method_profile_unique_idx" ON "payment_method_profile" USING btree ("payment_method_id","role","profile_id");