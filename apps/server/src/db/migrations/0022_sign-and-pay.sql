CREATE TABLE "payee_accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"connected_account_id" text,
	"status" text DEFAULT 'not-connected' NOT NULL,
	"connected_at" timestamp with time zone,
	"default_tax_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_products" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tax_code" text NOT NULL,
	"tax_behavior" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"allow_multiple_use" boolean DEFAULT true NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_products_price_positive" CHECK ("payment_products"."price_minor" > 0),
	CONSTRAINT "payment_products_single_use" CHECK ("payment_products"."allow_multiple_use" or "payment_products"."used_count" <= 1)
);
--> statement-breakpoint
CREATE TABLE "sign_pay_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"party_id" text NOT NULL,
	"signature_index" integer NOT NULL,
	"account_id" text NOT NULL,
	"product_id" text,
	"product_name" text NOT NULL,
	"tax_code" text NOT NULL,
	"vat_percent" integer NOT NULL,
	"net_minor" bigint NOT NULL,
	"vat_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"connected_account_id" text NOT NULL,
	"provider_session_id" text,
	"provider_payment_id" text,
	"provider_refund_id" text,
	"receipt_email" text,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"record_storage_key" text,
	"record_sha256" text,
	"record_sealed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_pay_payments_total_is_sum" CHECK ("sign_pay_payments"."total_minor" = "sign_pay_payments"."net_minor" + "sign_pay_payments"."vat_minor")
);
--> statement-breakpoint
ALTER TABLE "document_parties" ADD COLUMN "payment_product_id" text;--> statement-breakpoint
ALTER TABLE "document_parties" ADD COLUMN "get_paid_label" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "sign_pay_payment_id" text;--> statement-breakpoint
ALTER TABLE "payee_accounts" ADD CONSTRAINT "payee_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_products" ADD CONSTRAINT "payment_products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_products" ADD CONSTRAINT "payment_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_pay_payments" ADD CONSTRAINT "sign_pay_payments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_pay_payments" ADD CONSTRAINT "sign_pay_payments_party_id_document_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."document_parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_pay_payments" ADD CONSTRAINT "sign_pay_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_pay_payments" ADD CONSTRAINT "sign_pay_payments_product_id_payment_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."payment_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_products_account_idx" ON "payment_products" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "sign_pay_payments_document_idx" ON "sign_pay_payments" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_pay_payments_session_unique" ON "sign_pay_payments" USING btree ("provider_session_id");--> statement-breakpoint
CREATE INDEX "sign_pay_payments_record_sha_idx" ON "sign_pay_payments" USING btree ("record_sha256");--> statement-breakpoint
CREATE INDEX "sign_pay_payments_party_idx" ON "sign_pay_payments" USING btree ("party_id");