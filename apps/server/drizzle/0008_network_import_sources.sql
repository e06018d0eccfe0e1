-- Issue 19, the network import: where a doctor, venue or service point came from (`source`, e.g.
-- `network` for the insurer's template files, `ha-gopc` for the Hospital Authority's list) and
-- its id in that source, stable across imports. Seeded and hand-made rows have neither. NULLs are
-- distinct, so the unique indexes only bind imported rows.
ALTER TABLE "doctor" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "doctor" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "service_point" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "service_point" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "doctor_source_external_id_idx" ON "doctor" USING btree ("source","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_source_external_id_idx" ON "venue" USING btree ("source","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_point_source_external_id_idx" ON "service_point" USING btree ("source","external_id");
