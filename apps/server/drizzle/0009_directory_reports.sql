-- Issue 19: members' reports of wrong details on a finder card, queued for operators, and the
-- service points flagged by them (closed or doctor gone, reported from 3 addresses in 30 days)
-- until an operator resolves or rejects the reports. A report keeps no personal data beyond its
-- note: the reporter's address is an HMAC with SECRET_KEY, only to count distinct addresses.
CREATE TABLE "directory_report" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_point_id" integer NOT NULL REFERENCES "service_point"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"note" text,
	"address_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "directory_report_kind_check" CHECK ("kind" IN ('wrong_phone', 'moved_or_closed', 'price_differs', 'doctor_left', 'other')),
	CONSTRAINT "directory_report_status_check" CHECK ("status" IN ('open', 'resolved', 'rejected')),
	CONSTRAINT "directory_report_note_check" CHECK ("note" IS NULL OR char_length("note") <= 500)
);--> statement-breakpoint
CREATE INDEX "directory_report_open_idx" ON "directory_report" ("service_point_id", "created_at") WHERE "status" = 'open';--> statement-breakpoint
CREATE TABLE "directory_flag" (
	"service_point_id" integer PRIMARY KEY NOT NULL REFERENCES "service_point"("id") ON DELETE CASCADE,
	"flagged_at" timestamp with time zone NOT NULL
);
