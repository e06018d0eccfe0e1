-- Paying an invoice online (issue 42, decision 337): each payment taken, and the card
-- provider's customer of each user (Stripe charges a saved card only through its customer).
CREATE TABLE "invoice_payment" (
  "id" serial PRIMARY KEY NOT NULL,
  "invoice_id" integer NOT NULL REFERENCES "invoice"("id"),
  "payment_method_id" integer NOT NULL REFERENCES "payment_method"("id"),
  "amount" numeric(14, 2) NOT NULL,
  "currency" text DEFAULT 'HKD' NOT NULL,
  "provider" text NOT NULL,
  "provider_reference" text NOT NULL,
  "create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoice_payment_invoice_idx" ON "invoice_payment" ("invoice_id");
--> statement-breakpoint
CREATE TABLE "payment_customer" (
  "user_id" uuid NOT NULL REFERENCES "app_user"("id"),
  "provider" text NOT NULL,
  "reference" text NOT NULL,
  "create_date" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "provider")
);
