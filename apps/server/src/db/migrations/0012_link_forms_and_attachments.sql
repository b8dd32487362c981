CREATE TABLE "document_attachments" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"link_id" text,
	"pdf_file_index" integer NOT NULL,
	"title" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"byte_size" integer NOT NULL,
	"page_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "document_attachments_index_non_negative" CHECK ("document_attachments"."pdf_file_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "link_form_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"document_id" text NOT NULL,
	"name" text,
	"values" jsonb NOT NULL,
	"layer_id" text,
	"document_version_id" text,
	"is_pending" boolean NOT NULL,
	"is_sharing" boolean DEFAULT false NOT NULL,
	"approval_value" text,
	"approved_at" timestamp with time zone,
	"approved_by_user_id" text,
	"subscribe_email" text,
	"subscribe_phone" text,
	"frozen_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"shared_at" timestamp with time zone,
	"pdf_storage_key" text,
	"pdf_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_attachments" ADD CONSTRAINT "document_attachments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachments" ADD CONSTRAINT "document_attachments_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_form_submissions" ADD CONSTRAINT "link_form_submissions_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_form_submissions" ADD CONSTRAINT "link_form_submissions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_attachments_index_unique" ON "document_attachments" USING btree ("document_id","pdf_file_index");--> statement-breakpoint
CREATE UNIQUE INDEX "link_form_submissions_link_unique" ON "link_form_submissions" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "link_form_submissions_document_idx" ON "link_form_submissions" USING btree ("document_id");