CREATE TABLE "document_seals" (
	"document_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sealed_storage_key" text,
	"sealed_sha256" text,
	"sealed_byte_size" integer,
	"audit_trail_storage_key" text,
	"final_content_sha256" text,
	"sealed_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_signatures" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"party_id" text,
	"signature_index" integer NOT NULL,
	"method" text NOT NULL,
	"signer_name" text NOT NULL,
	"clarified_name" text,
	"personal_number" text,
	"ink" jsonb,
	"form_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"time_zone_offset_minutes" integer,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_seals" ADD CONSTRAINT "document_seals_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_party_id_document_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."document_parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_seals_status_idx" ON "document_seals" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_seals_sealed_sha_unique" ON "document_seals" USING btree ("sealed_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "document_signatures_slot_unique" ON "document_signatures" USING btree ("document_id","signature_index");