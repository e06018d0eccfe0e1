ALTER TABLE "identity_code" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_code" ADD COLUMN "email_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_verified_phone_idx" ON "app_user" USING btree ("phone_number") WHERE "app_user"."phone_verified";--> statement-breakpoint
CREATE INDEX "identity_code_email_purpose_idx" ON "identity_code" USING btree ("email_key","purpose");