-- Issue 18, the clinic side: clinic staff bound to venues, the visits and body checks clinics
-- record, every verification's audit line, the plan's consultations a policy year, and ticket
-- numbers stored as HMAC(SECRET_KEY, SHA-256(number)) in `number_key` (the old SHA-256 rows are
-- converted by a data step at start and migrate, decision 184: SQL here cannot see SECRET_KEY).
ALTER TABLE "product" ADD COLUMN "visits_per_year" integer;--> statement-breakpoint
UPDATE "product" SET "visits_per_year" = 24 WHERE "code" = 'OUTPATIENT-GO';--> statement-breakpoint
ALTER TABLE "outpatient_ticket" ALTER COLUMN "number_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outpatient_ticket" ADD COLUMN "number_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "outpatient_ticket_number_key_idx" ON "outpatient_ticket" ("number_key");--> statement-breakpoint
CREATE TABLE "clinic_user_venue" (
  "user_id" uuid NOT NULL REFERENCES "app_user"("id") ON DELETE CASCADE,
  "venue_id" integer NOT NULL REFERENCES "venue"("id") ON DELETE CASCADE,
  "create_date" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "venue_id")
);--> statement-breakpoint
CREATE INDEX "clinic_user_venue_venue_idx" ON "clinic_user_venue" ("venue_id");--> statement-breakpoint
CREATE TABLE "clinic_visit" (
  "id" serial PRIMARY KEY NOT NULL,
  "member_id" integer NOT NULL REFERENCES "member"("id") ON DELETE CASCADE,
  "policy_id" integer NOT NULL REFERENCES "policy"("id") ON DELETE CASCADE,
  "venue_id" integer NOT NULL REFERENCES "venue"("id"),
  "kind" text NOT NULL,
  "status" text NOT NULL,
  "visit_date" date NOT NULL,
  "service_point_id" integer REFERENCES "service_point"("id"),
  "amount_charged" numeric(10, 2),
  "member_price" numeric(10, 2),
  "opened_by_user_id" uuid REFERENCES "app_user"("id") ON DELETE SET NULL,
  "opened_by_key_id" integer REFERENCES "clinic_api_key"("id") ON DELETE SET NULL,
  "closed_by_user_id" uuid REFERENCES "app_user"("id") ON DELETE SET NULL,
  "closed_by_key_id" integer REFERENCES "clinic_api_key"("id") ON DELETE SET NULL,
  "opened_at" timestamp with time zone NOT NULL,
  "closed_at" timestamp with time zone,
  "note" text,
  "update_date" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "clinic_visit_member_idx" ON "clinic_visit" ("member_id", "visit_date");--> statement-breakpoint
CREATE INDEX "clinic_visit_policy_idx" ON "clinic_visit" ("policy_id", "visit_date");--> statement-breakpoint
CREATE INDEX "clinic_visit_open_idx" ON "clinic_visit" ("visit_date") WHERE "status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_visit_one_open_idx" ON "clinic_visit" ("member_id", "venue_id") WHERE "kind" = 'consultation' AND "status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "clinic_visit_one_body_check_idx" ON "clinic_visit" ("member_id", "visit_date") WHERE "kind" = 'body-check' AND "status" <> 'void';--> statement-breakpoint
CREATE TABLE "clinic_verification_log" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "venue_id" integer NOT NULL REFERENCES "venue"("id") ON DELETE CASCADE,
  "user_id" uuid REFERENCES "app_user"("id") ON DELETE SET NULL,
  "key_id" integer REFERENCES "clinic_api_key"("id") ON DELETE SET NULL,
  "step" text NOT NULL,
  "method" text NOT NULL,
  "ticket_type" text,
  "outcome" text NOT NULL,
  "create_date" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "clinic_verification_log_venue_idx" ON "clinic_verification_log" ("venue_id", "create_date");
