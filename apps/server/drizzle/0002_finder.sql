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
ALTER TABLE "service_point_bookmark" ADD CONSTRAINT "service_point_bookmark_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_point_bookmark" ADD CONSTRAINT "service_point_bookmark_service_point_id_service_point_id_fk" FOREIGN KEY ("service_point_id") REFERENCES "public"."service_point"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finder_rate_limit_reset_idx" ON "finder_rate_limit" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "service_point_search_order_idx" ON "service_point_search" USING btree ("panel","district_sequence","doctor_sort_name","service_point_id");--> statement-breakpoint
CREATE INDEX "service_point_search_service_idx" ON "service_point_search" USING btree ("panel","service_id");--> statement-breakpoint
CREATE INDEX "service_point_search_district_idx" ON "service_point_search" USING btree ("panel","district_code");--> statement-breakpoint
CREATE INDEX "service_point_search_price_idx" ON "service_point_search" USING btree ("panel","member_price");--> statement-breakpoint
CREATE INDEX "service_point_search_text_idx" ON "service_point_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_point_search_chars_idx" ON "service_point_search" USING gin ("search_chars");