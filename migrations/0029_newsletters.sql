CREATE TABLE "email_suppressions" (
	"address" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"soft_bounces" integer DEFAULT 0 NOT NULL,
	"soft_bounce_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"suppressed_at" timestamp with time zone,
	"detail" text DEFAULT '' NOT NULL,
	"last_event_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_reason_check" CHECK ("email_suppressions"."reason" in ('HARD_BOUNCE', 'COMPLAINT', 'SOFT_BOUNCE', 'MANUAL'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_consents" (
	"id" text PRIMARY KEY NOT NULL,
	"subscriber_id" text NOT NULL,
	"action" text NOT NULL,
	"email" text NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" text PRIMARY KEY NOT NULL,
	"newsletter_id" text NOT NULL,
	"user_id" text,
	"email" text,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"share_email" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_subscribers_state_check" CHECK ("newsletter_subscribers"."state" in ('PENDING', 'ACTIVE', 'UNSUBSCRIBED')),
	CONSTRAINT "newsletter_subscribers_source_check" CHECK ("newsletter_subscribers"."source" in ('ONE_CLICK', 'EMAIL_FORM', 'IMPORT')),
	CONSTRAINT "newsletter_subscribers_who_check" CHECK (("newsletter_subscribers"."user_id" is null) <> ("newsletter_subscribers"."email" is null))
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"user_id" text NOT NULL,
	"collection_id" text,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"show_promo" boolean DEFAULT true NOT NULL,
	"subscriber_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletters_type_check" CHECK ("newsletters"."type" in ('USER', 'COLLECTION')),
	CONSTRAINT "newsletters_collection_check" CHECK (("newsletters"."type" = 'COLLECTION') = ("newsletters"."collection_id" is not null)),
	CONSTRAINT "newsletters_subscriber_count_check" CHECK ("newsletters"."subscriber_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "newsletter_deliveries" (
	"send_id" text NOT NULL,
	"subscriber_id" text NOT NULL,
	"post_id" text NOT NULL,
	"address" text NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"provider_message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletter_deliveries_send_id_subscriber_id_pk" PRIMARY KEY("send_id","subscriber_id"),
	CONSTRAINT "newsletter_deliveries_state_check" CHECK ("newsletter_deliveries"."state" in ('QUEUED', 'SENDING', 'SENT', 'FAILED', 'BOUNCED', 'COMPLAINED', 'UNSUBSCRIBED', 'SUPPRESSED'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_post_options" (
	"post_id" text PRIMARY KEY NOT NULL,
	"send_email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"newsletter_id" text NOT NULL,
	"post_id" text NOT NULL,
	"state" text DEFAULT 'QUEUED' NOT NULL,
	"reason" text,
	"recipients" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"complained" integer DEFAULT 0 NOT NULL,
	"unsubscribed" integer DEFAULT 0 NOT NULL,
	"suppressed" integer DEFAULT 0 NOT NULL,
	"cursor" text DEFAULT '' NOT NULL,
	"fanned_out" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"pruned_at" timestamp with time zone,
	CONSTRAINT "newsletter_sends_state_check" CHECK ("newsletter_sends"."state" in ('QUEUED', 'SENDING', 'SENT', 'SKIPPED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "reader_email_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"allow_email_sharing" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_import_rows" (
	"import_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"value" text NOT NULL,
	"email" text,
	"status" text NOT NULL,
	CONSTRAINT "newsletter_import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "newsletter_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"newsletter_id" text NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"email_column" text DEFAULT '' NOT NULL,
	"total_rows" integer NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"subscribed_count" integer DEFAULT 0 NOT NULL,
	"unsubscribed_count" integer DEFAULT 0 NOT NULL,
	"suppressed_count" integer DEFAULT 0 NOT NULL,
	"to_import_count" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"samples" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attestation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "newsletter_imports_state_check" CHECK ("newsletter_imports"."state" in ('VALIDATED', 'IMPORTING', 'DONE'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_delivered_to_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "newsletter_consents" ADD CONSTRAINT "newsletter_consents_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_collection_id_publications_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_send_id_newsletter_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_post_options" ADD CONSTRAINT "newsletter_post_options_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_email_preferences" ADD CONSTRAINT "reader_email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_import_rows" ADD CONSTRAINT "newsletter_import_rows_import_id_newsletter_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."newsletter_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_imports" ADD CONSTRAINT "newsletter_imports_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_imports" ADD CONSTRAINT "newsletter_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_consents_subscriber_idx" ON "newsletter_consents" USING btree ("subscriber_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_user_idx" ON "newsletter_subscribers" USING btree ("newsletter_id","user_id") WHERE "newsletter_subscribers"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree ("newsletter_id","email") WHERE "newsletter_subscribers"."user_id" is null;--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_active_idx" ON "newsletter_subscribers" USING btree ("newsletter_id","id") WHERE "newsletter_subscribers"."state" = 'ACTIVE';--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_reader_idx" ON "newsletter_subscribers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_address_idx" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletters_writer_idx" ON "newsletters" USING btree ("user_id") WHERE "newsletters"."type" = 'USER';--> statement-breakpoint
CREATE UNIQUE INDEX "newsletters_collection_slug_idx" ON "newsletters" USING btree ("collection_id","slug") WHERE "newsletters"."collection_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_deliveries_post_address_idx" ON "newsletter_deliveries" USING btree ("post_id","address");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_due_idx" ON "newsletter_deliveries" USING btree ("send_id","subscriber_id") WHERE "newsletter_deliveries"."state" in ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_sends_post_idx" ON "newsletter_sends" USING btree ("newsletter_id","post_id");--> statement-breakpoint
CREATE INDEX "newsletter_sends_by_post_idx" ON "newsletter_sends" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "newsletter_sends_active_idx" ON "newsletter_sends" USING btree ("created_at") WHERE "newsletter_sends"."state" in ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE INDEX "newsletter_sends_prunable_idx" ON "newsletter_sends" USING btree ("finished_at") WHERE "newsletter_sends"."finished_at" is not null and "newsletter_sends"."pruned_at" is null;--> statement-breakpoint
CREATE INDEX "newsletter_import_rows_new_idx" ON "newsletter_import_rows" USING btree ("import_id","row_number") WHERE "newsletter_import_rows"."status" = 'NEW';--> statement-breakpoint
CREATE INDEX "newsletter_imports_newsletter_idx" ON "newsletter_imports" USING btree ("newsletter_id","created_at");--> statement-breakpoint
CREATE INDEX "newsletter_imports_running_idx" ON "newsletter_imports" USING btree ("confirmed_at") WHERE "newsletter_imports"."state" = 'IMPORTING';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_delivered_to_check" CHECK ("email_outbox"."delivered_to" in ('smtp', 'ses', 'mailbox'));