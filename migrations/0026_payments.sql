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
ALTER TABLE "charges" ADD CONSTRAINT "charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_provider_ref_key" ON "charges" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "charges_user_created_idx" ON "charges" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_provider_ref_key" ON "ledger_entries" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "ledger_entries_charge_idx" ON "ledger_entries" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "payment_provider_events_pending_idx" ON "payment_provider_events" USING btree ("provider","next_attempt_at") WHERE "payment_provider_events"."processed_at" is null and "payment_provider_events"."attempts" < 10;--> statement-breakpoint
CREATE UNIQUE INDEX "test_provider_charges_renewal_key" ON "test_provider_charges" USING btree ("subscription_ref","renewal_key");--> statement-breakpoint
CREATE INDEX "test_provider_payment_methods_customer_idx" ON "test_provider_payment_methods" USING btree ("customer_ref");--> statement-breakpoint
CREATE INDEX "test_provider_subscriptions_renewal_idx" ON "test_provider_subscriptions" USING btree ("current_period_end") WHERE "test_provider_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "test_provider_subscriptions_retry_idx" ON "test_provider_subscriptions" USING btree ("next_retry_at") WHERE "test_provider_subscriptions"."status" = 'past_due';--> statement-breakpoint
CREATE INDEX "test_provider_subscriptions_incomplete_idx" ON "test_provider_subscriptions" USING btree ("created_at") WHERE "test_provider_subscriptions"."status" = 'incomplete';