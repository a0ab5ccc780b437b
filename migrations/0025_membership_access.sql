ALTER TABLE "users" ADD COLUMN "member_tier" text DEFAULT 'FREE' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "friend_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "member_access_until" timestamp with time zone;