-- Staff single sign-on by OpenID Connect (issue 39, decision 328): a person may sign in only
-- through the identity provider (no password, no authenticator of ours), and is known to it by
-- the provider's issuer and subject.
ALTER TABLE "staff_user" ALTER COLUMN "password_hash" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_user" ALTER COLUMN "totp_sealed" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "staff_user" ADD COLUMN "oidc_issuer" text;
--> statement-breakpoint
ALTER TABLE "staff_user" ADD COLUMN "oidc_subject" text;
--> statement-breakpoint
ALTER TABLE "staff_user" ADD CONSTRAINT "staff_user_oidc_unique" UNIQUE("oidc_issuer","oidc_subject");
