CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"title" text NOT NULL,
	"language" text NOT NULL,
	"original_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"link_id" text NOT NULL,
	"signature_index" integer,
	"kind" text NOT NULL,
	"value" jsonb NOT NULL,
	"bankid_order_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "links" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"require_bankid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "links_id_upper_case" CHECK ("links"."id" = upper("links"."id"))
);
--> statement-breakpoint
ALTER TABLE "bankid_orders" ADD COLUMN "kind" text DEFAULT 'auth' NOT NULL;--> statement-breakpoint
ALTER TABLE "bankid_orders" ADD COLUMN "request_token" text;--> statement-breakpoint
ALTER TABLE "bankid_orders" ADD COLUMN "user_visible_data" text;--> statement-breakpoint
ALTER TABLE "bankid_orders" ADD COLUMN "consumed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_verifications" ADD CONSTRAINT "link_verifications_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_verifications_link_idx" ON "link_verifications" USING btree ("link_id","signature_index");--> statement-breakpoint
CREATE UNIQUE INDEX "link_verifications_order_kind_unique" ON "link_verifications" USING btree ("bankid_order_id","kind");