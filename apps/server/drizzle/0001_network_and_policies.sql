CREATE TABLE "announcement" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_en" text NOT NULL,
	"content_zh" text NOT NULL,
	"is_dismissable" boolean DEFAULT true NOT NULL,
	"message_type" text DEFAULT 'info' NOT NULL,
	"tags" text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"phone_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text NOT NULL,
	"status" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "country_region" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"sequence" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	CONSTRAINT "country_region_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "district" (
	"code" text PRIMARY KEY NOT NULL,
	"region_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "district_nearby" (
	"district_code" text NOT NULL,
	"nearby_code" text NOT NULL,
	CONSTRAINT "district_nearby_district_code_nearby_code_pk" PRIMARY KEY("district_code","nearby_code")
);
--> statement-breakpoint
CREATE TABLE "doctor" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "healthcare_service" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"code" text NOT NULL,
	"category" text NOT NULL,
	"sequence" integer NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "healthcare_service_slug_unique" UNIQUE("slug"),
	CONSTRAINT "healthcare_service_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "member" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_id" integer NOT NULL,
	"member_code" text NOT NULL,
	"membership_number" text NOT NULL,
	"hkid_hash" text NOT NULL,
	"hkid_masked" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"relationship" text NOT NULL,
	"last_body_check_date" date,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_member_code_unique" UNIQUE("member_code"),
	CONSTRAINT "member_membership_number_unique" UNIQUE("membership_number")
);
--> statement-breakpoint
CREATE TABLE "payment_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"doctor_id" integer NOT NULL,
	"service_code" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"marked_price" numeric(10, 2),
	"treatment_properties" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy" (
	"id" serial PRIMARY KEY NOT NULL,
	"policy_number" text NOT NULL,
	"product_id" integer NOT NULL,
	"owner_user_id" uuid,
	"status" text NOT NULL,
	"activation_date" date NOT NULL,
	"applicant_phone_number" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "policy_policy_number_unique" UNIQUE("policy_number")
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"product_type" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"medical_network_panel" text,
	"body_checks_per_year" integer DEFAULT 0 NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "service_point" (
	"id" serial PRIMARY KEY NOT NULL,
	"panel" text NOT NULL,
	"doctor_id" integer NOT NULL,
	"venue_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"specialty_id" integer,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_provision" (
	"service_id" integer NOT NULL,
	"provision_slug" text NOT NULL,
	CONSTRAINT "service_provision_service_id_provision_slug_pk" PRIMARY KEY("service_id","provision_slug")
);
--> statement-breakpoint
CREATE TABLE "service_specialty" (
	"service_id" integer NOT NULL,
	"specialty_id" integer NOT NULL,
	CONSTRAINT "service_specialty_service_id_specialty_id_pk" PRIMARY KEY("service_id","specialty_id")
);
--> statement-breakpoint
CREATE TABLE "specialty" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"description_en" text NOT NULL,
	"description_zh" text NOT NULL,
	CONSTRAINT "specialty_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "venue" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"district_code" text NOT NULL,
	"address_line_one" text NOT NULL,
	"address_line_two" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "district" ADD CONSTRAINT "district_region_id_country_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."country_region"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_nearby" ADD CONSTRAINT "district_nearby_district_code_district_code_fk" FOREIGN KEY ("district_code") REFERENCES "public"."district"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_nearby" ADD CONSTRAINT "district_nearby_nearby_code_district_code_fk" FOREIGN KEY ("nearby_code") REFERENCES "public"."district"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member" ADD CONSTRAINT "member_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_info" ADD CONSTRAINT "payment_info_doctor_id_doctor_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy" ADD CONSTRAINT "policy_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy" ADD CONSTRAINT "policy_owner_user_id_app_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_point" ADD CONSTRAINT "service_point_doctor_id_doctor_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_point" ADD CONSTRAINT "service_point_venue_id_venue_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venue"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_point" ADD CONSTRAINT "service_point_service_id_healthcare_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."healthcare_service"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_point" ADD CONSTRAINT "service_point_specialty_id_specialty_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialty"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_provision" ADD CONSTRAINT "service_provision_service_id_healthcare_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."healthcare_service"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_specialty" ADD CONSTRAINT "service_specialty_service_id_healthcare_service_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."healthcare_service"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_specialty" ADD CONSTRAINT "service_specialty_specialty_id_specialty_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialty"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue" ADD CONSTRAINT "venue_district_code_district_code_fk" FOREIGN KEY ("district_code") REFERENCES "public"."district"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "district_region_idx" ON "district" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "member_hkid_hash_idx" ON "member" USING btree ("hkid_hash");--> statement-breakpoint
CREATE INDEX "member_policy_idx" ON "member" USING btree ("policy_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_info_doctor_code_idx" ON "payment_info" USING btree ("doctor_id","service_code");--> statement-breakpoint
CREATE INDEX "policy_owner_idx" ON "policy" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "service_point_panel_idx" ON "service_point" USING btree ("panel");--> statement-breakpoint
CREATE INDEX "service_point_doctor_idx" ON "service_point" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "service_point_venue_idx" ON "service_point" USING btree ("venue_id");--> statement-breakpoint
CREATE INDEX "venue_district_idx" ON "venue" USING btree ("district_code");