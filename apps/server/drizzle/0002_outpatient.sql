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
ALTER TABLE "member_view_token" ADD CONSTRAINT "member_view_token_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_view_token" ADD CONSTRAINT "member_view_token_policy_id_policy_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policy"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outpatient_ticket" ADD CONSTRAINT "outpatient_ticket_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_card_link" ADD CONSTRAINT "shared_card_link_member_id_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_view_token_member_idx" ON "member_view_token" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "outpatient_ticket_member_idx" ON "outpatient_ticket" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "shared_card_link_member_idx" ON "shared_card_link" USING btree ("member_id");