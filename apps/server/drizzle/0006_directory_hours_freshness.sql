-- Issue 19: a venue's opening hours (packages/shared/src/schemas/hours.ts), the hours text an
-- import could not read or that only informs (registration hours), and when a service point's
-- details were last verified (by an import, or an operator confirming them).
ALTER TABLE "venue" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "hours_note" jsonb;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "hours_text" jsonb;--> statement-breakpoint
ALTER TABLE "service_point" ADD COLUMN "last_verified_at" timestamp with time zone;
