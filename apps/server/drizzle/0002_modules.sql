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
CREATE INDEX "shared_card_link_member_idx" ON "shared_card_link" USING btree ("member_id");