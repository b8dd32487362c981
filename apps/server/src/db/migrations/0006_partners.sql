CREATE TABLE "account_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_account_id" text NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"org_number" text,
	"name" text,
	"locale" text DEFAULT 'en-us' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" text,
	"accepted_by" text,
	"created_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminded_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "account_invitations_company_has_org_number" CHECK (("account_invitations"."kind" = 'company') = ("account_invitations"."org_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "referral_links" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_account_id" text NOT NULL,
	"name" text NOT NULL,
	"gift_card_value_minor" bigint,
	"currency" text NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_links_gift_non_negative" CHECK ("referral_links"."gift_card_value_minor" is null or "referral_links"."gift_card_value_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "is_partner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "partner_account_id" text;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_partner_account_id_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_created_account_id_accounts_id_fk" FOREIGN KEY ("created_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_partner_account_id_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_invitations_pending_unique" ON "account_invitations" USING btree ("partner_account_id","kind",lower("email"),coalesce("org_number", '')) WHERE "account_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "account_invitations_partner_idx" ON "account_invitations" USING btree ("partner_account_id");--> statement-breakpoint
CREATE INDEX "referral_links_partner_idx" ON "referral_links" USING btree ("partner_account_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_partner_account_id_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;