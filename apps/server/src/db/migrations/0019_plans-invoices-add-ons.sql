CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "invoices_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"account_id" text NOT NULL,
	"ocr_reference" text NOT NULL,
	"description" text NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"vat_percent" integer NOT NULL,
	"vat_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_address" text,
	"invoice_email" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"plan_subscription_id" text,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoices_total_is_sum" CHECK ("invoices"."total_minor" = "invoices"."subtotal_minor" + "invoices"."vat_minor")
);
--> statement-breakpoint
CREATE TABLE "plan_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"years" integer NOT NULL,
	"signatures_per_year" integer NOT NULL,
	"yearly_fee_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"year_starts_at" timestamp with time zone NOT NULL,
	"signatures_used" integer DEFAULT 0 NOT NULL,
	"payment_id" text,
	"renewal_of" text,
	"ordered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	CONSTRAINT "plan_subscriptions_years_range" CHECK ("plan_subscriptions"."years" between 1 and 10),
	CONSTRAINT "plan_subscriptions_used_range" CHECK ("plan_subscriptions"."signatures_used" >= 0),
	CONSTRAINT "plan_subscriptions_period" CHECK ("plan_subscriptions"."ends_at" > "plan_subscriptions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "document_parties" ADD COLUMN "reserved_plan_subscription_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "renews" boolean;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_subscription_id_plan_subscriptions_id_fk" FOREIGN KEY ("plan_subscription_id") REFERENCES "public"."plan_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_subscriptions" ADD CONSTRAINT "plan_subscriptions_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_ocr_unique" ON "invoices" USING btree ("ocr_reference");--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_subscriptions_one_live" ON "plan_subscriptions" USING btree ("account_id") WHERE "plan_subscriptions"."status" in ('active', 'cancelled');--> statement-breakpoint
CREATE UNIQUE INDEX "plan_subscriptions_renewed_once" ON "plan_subscriptions" USING btree ("renewal_of");--> statement-breakpoint
CREATE INDEX "plan_subscriptions_due_idx" ON "plan_subscriptions" USING btree ("ends_at") WHERE "plan_subscriptions"."status" in ('active', 'cancelled');