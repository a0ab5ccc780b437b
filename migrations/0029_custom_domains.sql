CREATE TABLE "custom_domains" (
	"id" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" text NOT NULL,
	"state" text DEFAULT 'CREATED' NOT NULL,
	"verification_token" text NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"created_by_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_domains_owner_kind" CHECK ("custom_domains"."owner_kind" in ('PUBLICATION', 'USER')),
	CONSTRAINT "custom_domains_state" CHECK ("custom_domains"."state" in ('CREATED', 'VERIFIED', 'ACTIVE', 'FAILED', 'DELETED')),
	CONSTRAINT "custom_domains_domain_lowercase" CHECK ("custom_domains"."domain" = lower("custom_domains"."domain"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_live_domain_idx" ON "custom_domains" USING btree ("domain") WHERE "custom_domains"."state" <> 'DELETED';--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_live_owner_idx" ON "custom_domains" USING btree ("owner_kind","owner_id") WHERE "custom_domains"."state" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "custom_domains_state_idx" ON "custom_domains" USING btree ("state");