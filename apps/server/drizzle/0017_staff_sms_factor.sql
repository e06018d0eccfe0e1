-- Staff second factor by SMS (issue 39, decision 304): each account has one second factor after
-- its password, an authenticator (`totp`, as before) or an SMS code to its phone number.
ALTER TABLE "staff_user" ADD COLUMN "second_factor" text DEFAULT 'totp' NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_user" ADD COLUMN "phone_number" text;
--> statement-breakpoint
ALTER TABLE "staff_user" ADD CONSTRAINT "staff_user_second_factor_check" CHECK ("second_factor" IN ('totp', 'sms') AND ("second_factor" <> 'sms' OR "phone_number" IS NOT NULL));
