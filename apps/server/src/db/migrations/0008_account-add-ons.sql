CREATE TABLE "account_add_ons" (
	"account_id" text NOT NULL,
	"add_on_id" text NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "account_add_ons_account_id_add_on_id_pk" PRIMARY KEY("account_id","add_on_id")
);
--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "document_id" text;--> statement-breakpoint
ALTER TABLE "account_add_ons" ADD CONSTRAINT "account_add_ons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;