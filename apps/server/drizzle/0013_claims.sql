-- Issue 40 (decisions 290–294): the claim case, its history of actions, its settlements (the
-- cash-ledger events claim-payout and claim-refund), its documents and the chunks of the
-- documents kept in PostgreSQL. A claim is the one record of what a member used: the benefit use
-- the portal's claim balance read (policy_benefit_usage) becomes paid reimbursement claims, and
-- the table goes.
CREATE TABLE "claim" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_number" text NOT NULL UNIQUE,
	"policy_id" integer NOT NULL REFERENCES "policy"("id"),
	"insured_party_id" integer REFERENCES "policy_party"("id"),
	"member_id" integer REFERENCES "member"("id"),
	"type" text NOT NULL,
	"cause" text NOT NULL,
	"status" text NOT NULL,
	"benefit" text NOT NULL,
	"service_date" date NOT NULL,
	"service_end_date" date,
	"surgery_size" text,
	"room_class" text,
	"units" numeric(12, 2) DEFAULT 1 NOT NULL,
	"description" text,
	"amount_claimed" numeric(14, 2) NOT NULL,
	"amount_approved" numeric(14, 2),
	"amount_paid" numeric(14, 2) DEFAULT 0 NOT NULL,
	"venue_id" integer REFERENCES "venue"("id"),
	"visit_id" integer REFERENCES "clinic_visit"("id"),
	"payout_bank_code" text,
	"payout_account_number" text,
	"payout_holder_name" text,
	"pre_approval_claim_id" integer REFERENCES "claim"("id"),
	"assignee_staff_id" text,
	"request_note" text,
	"language" text DEFAULT 'en' NOT NULL CHECK ("language" IN ('en', 'zh-HK')),
	"submit_date" timestamp with time zone,
	"paid_date" timestamp with time zone,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_status_check" CHECK ("status" IN ('open', 'update-requested', 'updated', 'escalated', 'pending-third-party', 'approval-requested', 'payment-requested', 'payment-approved', 'shortfall-requested', 'pre-approved', 'accepted', 'declined', 'canceled', 'withdrawn', 'paid', 'shortfall-settled', 'adjusting-approval', 'adjusting-payment', 'closed')),
	CONSTRAINT "claim_type_check" CHECK ("type" IN ('reimbursement', 'death', 'critical-illness', 'disability', 'pre-approval', 'third-party-settlement', 'pre-approval-settlement', 'estimation', 'panel')),
	CONSTRAINT "claim_cause_check" CHECK ("cause" IN ('illness', 'accident')),
	CONSTRAINT "claim_insured_check" CHECK ("insured_party_id" IS NOT NULL OR "member_id" IS NOT NULL)
);--> statement-breakpoint
CREATE INDEX "claim_policy_idx" ON "claim" ("policy_id", "service_date");--> statement-breakpoint
CREATE INDEX "claim_member_idx" ON "claim" ("member_id", "service_date");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_visit_idx" ON "claim" ("visit_id") WHERE "visit_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "claim_action" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL REFERENCES "claim"("id") ON DELETE CASCADE,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_role" text,
	"note" text,
	"details" jsonb,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_action_actor_kind_check" CHECK ("actor_kind" IN ('customer', 'medical-provider', 'insurer'))
);--> statement-breakpoint
CREATE INDEX "claim_action_claim_idx" ON "claim_action" ("claim_id", "id");--> statement-breakpoint
CREATE TABLE "claim_settlement" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL REFERENCES "claim"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"payee" text NOT NULL,
	"venue_id" integer REFERENCES "venue"("id"),
	"account_masked" text,
	"settled_on" date NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_settlement_kind_check" CHECK ("kind" IN ('claim-payout', 'claim-refund'))
);--> statement-breakpoint
CREATE INDEX "claim_settlement_claim_idx" ON "claim_settlement" ("claim_id");--> statement-breakpoint
CREATE TABLE "claim_document" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL REFERENCES "claim"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by_kind" text NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "claim_document_claim_idx" ON "claim_document" ("claim_id");--> statement-breakpoint
CREATE TABLE "stored_object_chunk" (
	"object_key" text NOT NULL,
	"sequence" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "stored_object_chunk_pk" PRIMARY KEY ("object_key", "sequence")
);--> statement-breakpoint
-- The benefit use recorded so far becomes paid reimbursement claims of the policy's first
-- insured life (and its card member when the policy has exactly one).
INSERT INTO "claim" ("claim_number", "policy_id", "insured_party_id", "member_id", "type", "cause",
	"status", "benefit", "service_date", "units", "amount_claimed", "amount_approved", "amount_paid",
	"submit_date", "paid_date")
SELECT 'usage-' || u."id", u."policy_id",
	(SELECT p."id" FROM "policy_party" p WHERE p."policy_id" = u."policy_id" AND p."role" = 'insured-life' ORDER BY p."sequence", p."id" LIMIT 1),
	(SELECT min(m."id") FROM "member" m WHERE m."policy_id" = u."policy_id" HAVING count(*) = 1),
	'reimbursement', 'illness', 'paid', u."benefit", u."incurred_on", u."units", u."amount", u."amount", u."amount",
	u."incurred_on"::timestamptz, u."incurred_on"::timestamptz
FROM "policy_benefit_usage" u
WHERE EXISTS (SELECT 1 FROM "policy_party" p WHERE p."policy_id" = u."policy_id" AND p."role" = 'insured-life');--> statement-breakpoint
UPDATE "claim" SET "claim_number" = 'CL' || lpad("id"::text, 8, '0');--> statement-breakpoint
DROP TABLE "policy_benefit_usage";
