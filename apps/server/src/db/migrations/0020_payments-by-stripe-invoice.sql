ALTER TABLE "payments" ADD COLUMN "provider_invoice_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "is_renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_invoice_unique" ON "payments" USING btree ("provider_invoice_id");