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
ALTER TABLE "membership_cancellations" ADD CONSTRAINT "membership_cancellations_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_cancellations" ADD CONSTRAINT "membership_cancellations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_gift_credits" ADD CONSTRAINT "membership_gift_credits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_cancellations_membership_idx" ON "membership_cancellations" USING btree ("membership_id","created_at");--> statement-breakpoint
CREATE INDEX "membership_cancellations_open_idx" ON "membership_cancellations" USING btree ("membership_id") WHERE resolved_at is null;--> statement-breakpoint
CREATE INDEX "membership_gift_credits_open_idx" ON "membership_gift_credits" USING btree ("user_id") WHERE applied_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_subscription_idx" ON "memberships" USING btree ("provider","subscription_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_live_user_idx" ON "memberships" USING btree ("user_id") WHERE state <> 'INACTIVE';--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "memberships_gift_end_idx" ON "memberships" USING btree ("current_period_end") WHERE provider = 'GIFT' and state <> 'INACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_user_idx" ON "payment_customers" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_ref_idx" ON "payment_customers" USING btree ("provider","customer_ref");