CREATE TABLE "id_scan_images" (
	"id" text PRIMARY KEY NOT NULL,
	"id_scan_id" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"vendor_file_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delete_after" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "id_scans" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"party_id" text NOT NULL,
	"link_id" text NOT NULL,
	"signature_index" integer NOT NULL,
	"needs_face" boolean NOT NULL,
	"status" text DEFAULT 'collecting' NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"consent_text_version" text NOT NULL,
	"document_type" text,
	"vendor" text NOT NULL,
	"vendor_applicant_id" text NOT NULL,
	"vendor_check_id" text,
	"check_started_at" timestamp with time zone,
	"failure_code" text,
	"failure_reason" text,
	"issuing_country" text,
	"number_last4" text,
	"expiry_date" date,
	"name_read" text,
	"name_matches" boolean,
	"liveness_passed" boolean,
	"face_match_passed" boolean,
	"completed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_signatures" ADD COLUMN "id_scan_id" text;--> statement-breakpoint
ALTER TABLE "id_scan_images" ADD CONSTRAINT "id_scan_images_id_scan_id_id_scans_id_fk" FOREIGN KEY ("id_scan_id") REFERENCES "public"."id_scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_scans" ADD CONSTRAINT "id_scans_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_scans" ADD CONSTRAINT "id_scans_party_id_document_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."document_parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "id_scan_images_scan_idx" ON "id_scan_images" USING btree ("id_scan_id");--> statement-breakpoint
CREATE INDEX "id_scan_images_due_idx" ON "id_scan_images" USING btree ("delete_after") WHERE "id_scan_images"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "id_scans_slot_idx" ON "id_scans" USING btree ("document_id","signature_index");--> statement-breakpoint
CREATE UNIQUE INDEX "id_scans_vendor_check_unique" ON "id_scans" USING btree ("vendor","vendor_check_id");--> statement-breakpoint
CREATE INDEX "id_scans_checking_idx" ON "id_scans" USING btree ("check_started_at") WHERE "id_scans"."status" = 'checking';