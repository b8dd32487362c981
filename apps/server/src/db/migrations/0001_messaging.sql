CREATE TABLE "document_events" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"sequence" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"previous_hash" text,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"locale" text NOT NULL,
	"brand" text NOT NULL,
	"data" jsonb NOT NULL,
	"account_id" text,
	"document_id" text,
	"party_id" text,
	"invitation_id" text,
	"idempotency_key" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"provider_message_id" text,
	"provider_status" text,
	"failure_reason" text,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempt_started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"data_erased_at" timestamp with time zone,
	CONSTRAINT "messages_attempts_non_negative" CHECK ("messages"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "transaction_fees" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"message_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_fees_amount_non_negative" CHECK ("transaction_fees"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_fees" ADD CONSTRAINT "transaction_fees_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_fees" ADD CONSTRAINT "transaction_fees_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_events_sequence_unique" ON "document_events" USING btree ("document_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_idempotency_key_unique" ON "messages" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_message_unique" ON "messages" USING btree ("channel","provider_message_id");--> statement-breakpoint
CREATE INDEX "messages_party_idx" ON "messages" USING btree ("document_id","party_id");--> statement-breakpoint
CREATE INDEX "messages_invitation_idx" ON "messages" USING btree ("invitation_id");--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_fees_message_unique" ON "transaction_fees" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "transaction_fees_account_idx" ON "transaction_fees" USING btree ("account_id","created_at");