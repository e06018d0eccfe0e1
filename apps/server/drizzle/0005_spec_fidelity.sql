-- Issue 21 (decisions 132-134). One code, one meaning: body check is BC (BST is bonesetting),
-- physiotherapy is PHS, as in the finder catalogue and the fee labels.
UPDATE "service_type" SET "code" = 'BC' WHERE "code" = 'BST' AND "name_en" = 'Body check';--> statement-breakpoint
UPDATE "service_type" SET "code" = 'PHS' WHERE "code" = 'PHY' AND NOT EXISTS (SELECT 1 FROM "service_type" WHERE "code" = 'PHS');--> statement-breakpoint
-- Settings nothing reads are gone (decision 133).
DELETE FROM "environment_setting" WHERE "key" IN ('member_card_refresh_seconds', 'finder_promotion_banner');--> statement-breakpoint
-- What an outpatient application case holds, checked on submit (decision 134).
ALTER TABLE "application_case" ADD COLUMN "details" jsonb;--> statement-breakpoint
CREATE TABLE "body_check_centre" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh" text NOT NULL,
	"address_en" text NOT NULL,
	"address_zh" text NOT NULL,
	"hours_en" text NOT NULL,
	"hours_zh" text NOT NULL,
	"sequence" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "body_check_centre_code_unique" UNIQUE("code")
);
