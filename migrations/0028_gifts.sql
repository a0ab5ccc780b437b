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
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_purchase_id_gift_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."gift_purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_purchases" ADD CONSTRAINT "gift_purchases_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_codes_purchase_idx" ON "gift_codes" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "gift_purchases_buyer_idx" ON "gift_purchases" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_purchases_undelivered_idx" ON "gift_purchases" USING btree ("deliver_at") WHERE "gift_purchases"."delivered_at" is null and "gift_purchases"."status" <> 'failed';