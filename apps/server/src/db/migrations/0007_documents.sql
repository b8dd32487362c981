CREATE TABLE "document_files" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"byte_size" integer NOT NULL,
	"page_count" integer NOT NULL,
	"page_sizes" jsonb NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed_content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rules" jsonb DEFAULT '{"fields":[],"access":{}}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_parties" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"signature_index" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"invitation_method" text DEFAULT 'email' NOT NULL,
	"signature_type" text DEFAULT 'e-signature' NOT NULL,
	"message" text,
	"get_paid" boolean DEFAULT false NOT NULL,
	"access_key" text NOT NULL,
	"reserved_minor" integer DEFAULT 0 NOT NULL,
	"contact_updates" integer DEFAULT 0 NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_parties_reserved_non_negative" CHECK ("document_parties"."reserved_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "owner_user_id" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "state" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "access_level" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "handled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "duplicated_from_id" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Documents written before drafts existed were all sent ones (the recipient side's BankID links).
UPDATE "documents" SET "state" = 'active';--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "party_id" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "require_sms" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "require_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_files" ADD CONSTRAINT "document_files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_parties" ADD CONSTRAINT "document_parties_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_files_document_idx" ON "document_files" USING btree ("document_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "document_parties_slot_unique" ON "document_parties" USING btree ("document_id","signature_index");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_party_id_document_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."document_parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_account_list_idx" ON "documents" USING btree ("account_id","state","last_activity_at");--> statement-breakpoint
CREATE INDEX "documents_expiry_idx" ON "documents" USING btree ("state","last_activity_at");--> statement-breakpoint
CREATE INDEX "links_document_idx" ON "links" USING btree ("document_id");