CREATE TABLE "link_code_proofs" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"code_token" text NOT NULL,
	"use" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "consent_message" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "logo_storage_key" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "logo_content_type" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "visit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "ie_visit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "link_code_proofs" ADD CONSTRAINT "link_code_proofs_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "link_code_proofs_token_unique" ON "link_code_proofs" USING btree ("code_token");--> statement-breakpoint
CREATE INDEX "link_code_proofs_link_idx" ON "link_code_proofs" USING btree ("link_id");