CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"credit_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"credit_valid_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_credit_positive" CHECK ("campaigns"."credit_minor" > 0),
	CONSTRAINT "campaigns_credit_days_positive" CHECK ("campaigns"."credit_valid_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"value_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone,
	"personal_user_id" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_by_account_id" text,
	"used_by_user_id" text,
	"used_at" timestamp with time zone,
	CONSTRAINT "gift_cards_value_positive" CHECK ("gift_cards"."value_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "voucher_credits" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"source" text NOT NULL,
	"name" text NOT NULL,
	"value_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"expires_at" timestamp with time zone,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_by_user_id" text,
	"gift_card_id" text,
	"campaign_id" text,
	"referral_link_id" text,
	CONSTRAINT "voucher_credits_value_positive" CHECK ("voucher_credits"."value_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "balance_entries" ADD COLUMN "voucher_credit_id" text;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_personal_user_id_users_id_fk" FOREIGN KEY ("personal_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_used_by_account_id_accounts_id_fk" FOREIGN KEY ("used_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_credits" ADD CONSTRAINT "voucher_credits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_credits" ADD CONSTRAINT "voucher_credits_activated_by_user_id_users_id_fk" FOREIGN KEY ("activated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_credits" ADD CONSTRAINT "voucher_credits_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_credits" ADD CONSTRAINT "voucher_credits_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_credits" ADD CONSTRAINT "voucher_credits_referral_link_id_referral_links_id_fk" FOREIGN KEY ("referral_link_id") REFERENCES "public"."referral_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_unique" ON "gift_cards" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gift_cards_personal_idx" ON "gift_cards" USING btree ("personal_user_id");--> statement-breakpoint
CREATE INDEX "gift_cards_used_by_idx" ON "gift_cards" USING btree ("used_by_account_id");--> statement-breakpoint
CREATE INDEX "voucher_credits_account_idx" ON "voucher_credits" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_credits_gift_card_unique" ON "voucher_credits" USING btree ("gift_card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_credits_campaign_account_unique" ON "voucher_credits" USING btree ("campaign_id","account_id");--> statement-breakpoint
CREATE INDEX "voucher_credits_expiry_idx" ON "voucher_credits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "balance_entries_account_pot_idx" ON "balance_entries" USING btree ("account_id","voucher_credit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_one_expiry" ON "balance_entries" USING btree ("voucher_credit_id") WHERE "balance_entries"."kind" = 'voucher-expiry';