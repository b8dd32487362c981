CREATE TABLE "bankid_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"client_access_key" text NOT NULL,
	"purpose" text NOT NULL,
	"link_id" text,
	"order_ref" text NOT NULL,
	"auto_start_token" text NOT NULL,
	"qr_start_token" text NOT NULL,
	"qr_start_secret" text NOT NULL,
	"end_user_ip" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"hint_code" text,
	"completion_data" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"last_collected_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bankid_orders_client_access_key_unique" ON "bankid_orders" USING btree ("client_access_key");--> statement-breakpoint
CREATE UNIQUE INDEX "bankid_orders_order_ref_unique" ON "bankid_orders" USING btree ("order_ref");--> statement-breakpoint
CREATE INDEX "bankid_orders_status_idx" ON "bankid_orders" USING btree ("status","started_at");