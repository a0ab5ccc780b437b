CREATE TABLE "user_dismissed_flags" (
	"user_id" text NOT NULL,
	"flag" text NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_dismissed_flags_user_id_flag_pk" PRIMARY KEY("user_id","flag")
);
--> statement-breakpoint
CREATE TABLE "metered_reads" (
	"reader_id" text NOT NULL,
	"month" date NOT NULL,
	"post_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metered_reads_reader_id_month_post_id_pk" PRIMARY KEY("reader_id","month","post_id")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"card_brand" text,
	"card_last_four" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"description" text NOT NULL,
	"subscription_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charges_type_check" CHECK ("charges"."type" in ('annual', 'monthly', 'premium', 'gift', 'group gift', 'custom domain')),
	CONSTRAINT "charges_status_check" CHECK ("charges"."status" in ('succeeded', 'failed', 'pending')),
	CONSTRAINT "charges_currency_check" CHECK ("charges"."currency" in ('USD', 'CAD')),
	CONSTRAINT "charges_amounts_check" CHECK ("charges"."amount" >= 0 and "charges"."amount_refunded" >= 0 and "charges"."amount_refunded" <= "charges"."amount")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charge_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK (("ledger_entries"."kind" = 'charge' and "ledger_entries"."amount" > 0) or ("ledger_entries"."kind" = 'refund' and "ledger_entries"."amount" < 0))
);
--> statement-breakpoint
CREATE TABLE "payment_provider_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"object_ref" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "payment_provider_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "test_provider_charges" (
	"ref" text PRIMARY KEY NOT NULL,
	"customer_ref" text NOT NULL,
	"subscription_ref" text,
	"renewal_key" text,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"payment_method_ref" text,
	"card_brand" text,
	"card_last_four" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"failure_code" text,
	"failure_message" text,
	"description" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_customers" (
	"ref" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text,
	"name" text NOT NULL,
	"default_payment_method_ref" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_provider_idempotency" (
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "test_provider_idempotency_operation_key_pk" PRIMARY KEY("operation","key")
);
--> statement-breakpoint
CREATE TABLE "test_provider_payment_methods" (
	"ref" text PRIMARY KEY NOT NULL,
	"customer_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "test_provider_payment_methods_last_four_check" CHECK ("test_provider_payment_methods"."last_four" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "test_provider_subscriptions" (
	"ref" text PRIMARY KEY NOT NULL,
	"customer_ref" text NOT NULL,
	"status" text NOT NULL,
	"plan" text NOT NULL,
	"currency" text NOT NULL,
	"anchor_day" integer NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"discount_percent_off" integer,
	"discount_cycles_left" integer DEFAULT 0 NOT NULL,
	"discount_ends_at" timestamp with time zone,
	"scheduled_plan" text,
	"payment_failed_at" timestamp with time zone,
	"failed_payment_count" integer DEFAULT 0 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"latest_charge_ref" text,
	"pending_charge_ref" text,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"canceled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "membership_cancellations" (
	"id" text PRIMARY KEY NOT NULL,
	"membership_id" text NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"offer" text NOT NULL,
	"offer_accepted" boolean,
	"period_end_at" timestamp with time zone NOT NULL,
	"kept_member" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "membership_gift_credits" (
	"gift_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"months" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text,
	"subscription_ref" text,
	"gift_id" text,
	"plan" text NOT NULL,
	"tier" text NOT NULL,
	"state" text NOT NULL,
	"deactivation_source" text,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"discount_ends_at" timestamp with time zone,
	"discount_percent_off" integer,
	"scheduled_plan" text,
	"scheduled_plan_start_at" timestamp with time zone,
	"payment_failed_at" timestamp with time zone,
	"failed_payment_count" integer DEFAULT 0 NOT NULL,
	"card_brand" text,
	"card_last_four" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"pending_action_url" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"kind" text NOT NULL,
	"months" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_codes_kind_check" CHECK ("gift_codes"."kind" in ('gift', 'group-gift'))
);
--> statement-breakpoint
CREATE TABLE "gift_purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_id" text,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_amount" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"message" text,
	"deliver_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"status" text NOT NULL,
	"failure_code" text,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"payment_method_ref" text,
	"charge_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_purchases_kind_check" CHECK ("gift_purchases"."kind" in ('gift', 'group-gift')),
	CONSTRAINT "gift_purchases_status_check" CHECK ("gift_purchases"."status" in ('pending', 'paid', 'failed')),
	CONSTRAINT "gift_purchases_amount_check" CHECK ("gift_purchases"."quantity" >= 1 and "gift_purchases"."amount" = "gift_purchases"."unit_amount" * "gift_purchases"."quantity")
);
--> statement-breakpoint
CREATE TABLE "catalog_follows" (
	"catalog_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_follows_catalog_id_user_id_pk" PRIMARY KEY("catalog_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"id" text PRIMARY KEY NOT NULL,
	"catalog_id" text NOT NULL,
	"post_id" text NOT NULL,
	"note" text,
	"position" numeric NOT NULL,
	"tombstone_title" text DEFAULT '' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_items_note_length" CHECK ("catalog_items"."note" is null or char_length("catalog_items"."note") <= 280)
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" smallint DEFAULT 0 NOT NULL,
	"predefined" text,
	"version" text NOT NULL,
	"items_count" integer DEFAULT 0 NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"responses_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogs_visibility_range" CHECK ("catalogs"."visibility" in (0, 1)),
	CONSTRAINT "catalogs_predefined_kind" CHECK ("catalogs"."predefined" is null or "catalogs"."predefined" in ('reading-list', 'currently-reading', 'purchased'))
);
--> statement-breakpoint
ALTER TABLE "user_dismissed_flags" ADD CONSTRAINT "user_dismissed_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metered_reads" ADD CONSTRAINT "metered_reads_reader_id_users_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metered_reads" ADD CONSTRAINT "metered_reads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_cancellations" ADD CONSTRAINT "membership_cancellations_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_cancellations" ADD CONSTRAINT "membership_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_gift_credits" ADD CONSTRAINT "membership_gift_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_purchase_id_gift_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."gift_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_purchases" ADD CONSTRAINT "gift_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_follows" ADD CONSTRAINT "catalog_follows_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_follows" ADD CONSTRAINT "catalog_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metered_reads_post_idx" ON "metered_reads" USING btree ("post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "charges_provider_ref_key" ON "charges" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "charges_user_created_idx" ON "charges" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_provider_ref_key" ON "ledger_entries" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "ledger_entries_charge_idx" ON "ledger_entries" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "payment_provider_events_pending_idx" ON "payment_provider_events" USING btree ("provider","next_attempt_at") WHERE "payment_provider_events"."processed_at" is null and "payment_provider_events"."attempts" < 10;--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_charges_renewal_key" ON "test_provider_charges" USING btree ("subscription_ref","renewal_key");--> statement-breakpoint
CREATE INDEX "test_provider_payment_methods_customer_idx" ON "test_provider_payment_methods" USING btree ("customer_ref");--> statement-breakpoint
CREATE INDEX "test_provider_subscriptions_renewal_idx" ON "test_provider_subscriptions" USING btree ("current_period_end") WHERE "test_provider_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "test_provider_subscriptions_retry_idx" ON "test_provider_subscriptions" USING btree ("next_retry_at") WHERE "test_provider_subscriptions"."status" = 'past_due';--> statement-breakpoint
CREATE INDEX "test_provider_subscriptions_incomplete_idx" ON "test_provider_subscriptions" USING btree ("created_at") WHERE "test_provider_subscriptions"."status" = 'incomplete';--> statement-breakpoint
CREATE INDEX "membership_cancellations_membership_idx" ON "membership_cancellations" USING btree ("membership_id","created_at");--> statement-breakpoint
CREATE INDEX "membership_cancellations_open_idx" ON "membership_cancellations" USING btree ("membership_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "membership_gift_credits_open_idx" ON "membership_gift_credits" USING btree ("user_id") WHERE applied_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_subscription_idx" ON "memberships" USING btree ("provider","subscription_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_live_user_idx" ON "memberships" USING btree ("user_id") WHERE state <> 'INACTIVE';--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "memberships_gift_end_idx" ON "memberships" USING btree ("current_period_end") WHERE provider = 'GIFT' and state <> 'INACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_user_idx" ON "payment_customers" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_ref_idx" ON "payment_customers" USING btree ("provider","customer_ref");--> statement-breakpoint
CREATE INDEX "gift_codes_purchase_idx" ON "gift_codes" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "gift_purchases_buyer_idx" ON "gift_purchases" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_purchases_undelivered_idx" ON "gift_purchases" USING btree ("deliver_at") WHERE "gift_purchases"."delivered_at" is null and "gift_purchases"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "catalog_follows_user_idx" ON "catalog_follows" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_items_catalog_post_idx" ON "catalog_items" USING btree ("catalog_id","post_id");--> statement-breakpoint
CREATE INDEX "catalog_items_catalog_position_idx" ON "catalog_items" USING btree ("catalog_id","position","id");--> statement-breakpoint
CREATE INDEX "catalog_items_post_idx" ON "catalog_items" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "catalogs_user_idx" ON "catalogs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogs_user_predefined_idx" ON "catalogs" USING btree ("user_id","predefined");