-- Announcements from the back office (issue 39, decision 297): a start and an end time, each
-- optional; a published announcement is shown only between them.
ALTER TABLE "announcement" ADD COLUMN "starts_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "announcement" ADD COLUMN "ends_at" timestamp with time zone;
