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
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_send_id_newsletter_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."newsletter_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_post_options" ADD CONSTRAINT "newsletter_post_options_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_sends" ADD CONSTRAINT "newsletter_sends_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_deliveries_post_address_idx" ON "newsletter_deliveries" USING btree ("post_id","address");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_due_idx" ON "newsletter_deliveries" USING btree ("send_id","subscriber_id") WHERE "newsletter_deliveries"."state" in ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_sends_post_idx" ON "newsletter_sends" USING btree ("newsletter_id","post_id");--> statement-breakpoint
CREATE INDEX "newsletter_sends_by_post_idx" ON "newsletter_sends" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "newsletter_sends_active_idx" ON "newsletter_sends" USING btree ("created_at") WHERE "newsletter_sends"."state" in ('QUEUED', 'SENDING');--> statement-breakpoint
CREATE INDEX "newsletter_sends_prunable_idx" ON "newsletter_sends" USING btree ("finished_at") WHERE "newsletter_sends"."finished_at" is not null and "newsletter_sends"."pruned_at" is null;