-- The outbox of SMS and email (decision 281): messages waiting for, or done with, their delivery job.
CREATE TABLE "outgoing_message" (
	"id" uuid PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"sealed" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outgoing_message_pending_idx" ON "outgoing_message" USING btree ("status","created_at");
