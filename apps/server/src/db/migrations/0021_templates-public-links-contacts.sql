CREATE TABLE "bulk_send_rows" (
	"id" text PRIMARY KEY NOT NULL,
	"bulk_send_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"values" jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"document_id" text,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text,
	"template_id" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"row_count" integer NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"kind" text DEFAULT 'person' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"company_name" text,
	"org_number" text,
	"source" text DEFAULT 'document' NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_reachable" CHECK ("contacts"."email" is not null or "contacts"."phone" is not null)
);
--> statement-breakpoint
CREATE TABLE "public_links" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"owner_user_id" text,
	"document_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"require_bankid" boolean DEFAULT false NOT NULL,
	"require_sms" boolean DEFAULT false NOT NULL,
	"require_email" boolean DEFAULT false NOT NULL,
	"visit_count" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_links_id_upper_case" CHECK ("public_links"."id" = upper("public_links"."id"))
);
--> statement-breakpoint
ALTER TABLE "document_parties" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "kind" text DEFAULT 'document' NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "template_id" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "public_link_id" text;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "visit_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "bulk_send_id" text;--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_bulk_send_id_bulk_sends_id_fk" FOREIGN KEY ("bulk_send_id") REFERENCES "public"."bulk_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_template_id_documents_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_send_rows_number_unique" ON "bulk_send_rows" USING btree ("bulk_send_id","row_number");--> statement-breakpoint
CREATE INDEX "bulk_sends_account_idx" ON "bulk_sends" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_email_unique" ON "contacts" USING btree ("account_id","email") WHERE "contacts"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_phone_unique" ON "contacts" USING btree ("account_id","phone") WHERE "contacts"."email" is null and "contacts"."phone" is not null;--> statement-breakpoint
CREATE INDEX "public_links_account_idx" ON "public_links" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "public_links_document_unique" ON "public_links" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "documents_kind_idx" ON "documents" USING btree ("account_id","kind");--> statement-breakpoint
CREATE INDEX "documents_public_link_idx" ON "documents" USING btree ("public_link_id");--> statement-breakpoint
CREATE INDEX "documents_visit_expiry_idx" ON "documents" USING btree ("visit_expires_at");