-- Issue 41: the venues' coordinates (WGS 84, for a map and "near me"; null when the source has
-- none) and the network import's quarantine of rows it could not write (decision 300).
CREATE TABLE "network_import_quarantine" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"row_key" text NOT NULL,
	"file_name" text NOT NULL,
	"row_where" text NOT NULL,
	"cells" jsonb NOT NULL,
	"issues" jsonb NOT NULL,
	"create_date" timestamp with time zone NOT NULL,
	"update_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "venue" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE UNIQUE INDEX "network_import_quarantine_source_key_idx" ON "network_import_quarantine" USING btree ("source","row_key");
