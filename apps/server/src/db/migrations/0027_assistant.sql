CREATE TABLE "assistant_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"link_id" text,
	"account_id" text NOT NULL,
	"provider" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"cost_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"turns" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_knowledge_files" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"byte_size" integer NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_settings" (
	"document_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"enable_speech" boolean DEFAULT true NOT NULL,
	"language" text DEFAULT 'auto' NOT NULL,
	"version" text NOT NULL,
	"first_message" text DEFAULT '' NOT NULL,
	"init_message" text DEFAULT '' NOT NULL,
	"completion_message" text DEFAULT '' NOT NULL,
	"additional_instructions" text DEFAULT '' NOT NULL,
	"store_conversations" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assistant_usage" (
	"scope_kind" text NOT NULL,
	"scope_id" text NOT NULL,
	"day" date NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assistant_usage_scope_kind_scope_id_day_pk" PRIMARY KEY("scope_kind","scope_id","day")
);
--> statement-breakpoint
CREATE TABLE "document_file_texts" (
	"document_file_id" text PRIMARY KEY NOT NULL,
	"pages" jsonb NOT NULL,
	"extracted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assistant_conversations" ADD CONSTRAINT "assistant_conversations_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_knowledge_files" ADD CONSTRAINT "assistant_knowledge_files_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_settings" ADD CONSTRAINT "assistant_settings_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_file_texts" ADD CONSTRAINT "document_file_texts_document_file_id_document_files_id_fk" FOREIGN KEY ("document_file_id") REFERENCES "public"."document_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_conversations_document_idx" ON "assistant_conversations" USING btree ("document_id","started_at");--> statement-breakpoint
CREATE INDEX "assistant_knowledge_files_document_idx" ON "assistant_knowledge_files" USING btree ("document_id","created_at");--> statement-breakpoint
CREATE INDEX "assistant_knowledge_files_storage_key_idx" ON "assistant_knowledge_files" USING btree ("storage_key");