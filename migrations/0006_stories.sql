CREATE TABLE "post_revisions" (
	"post_id" text NOT NULL,
	"rev" integer NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_revisions_post_id_rev_pk" PRIMARY KEY("post_id","rev")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"slug" text PRIMARY KEY NOT NULL,
	"display_title" text NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "claps" (
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claps_post_id_user_id_pk" PRIMARY KEY("post_id","user_id"),
	CONSTRAINT "claps_count_range" CHECK ("claps"."count" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"paragraph_name" text NOT NULL,
	"start_offset" integer NOT NULL,
	"end_offset" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_reads" (
	"user_id" text NOT NULL,
	"post_id" text NOT NULL,
	"read_count" integer DEFAULT 1 NOT NULL,
	"first_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reads_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "media_resources" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "license" text DEFAULT 'ALL_RIGHTS_RESERVED' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "in_response_to_post_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "response_depth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_by_parent_author_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "in_response_to_quote_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "canonical_url" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "latest_rev" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "published_rev" integer;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claps" ADD CONSTRAINT "claps_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claps" ADD CONSTRAINT "claps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_reads" ADD CONSTRAINT "post_reads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_resources" ADD CONSTRAINT "media_resources_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claps_user_idx" ON "claps" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "quotes_post_idx" ON "quotes" USING btree ("post_id","paragraph_name");--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "post_reads_recent_idx" ON "post_reads" USING btree ("user_id","last_read_at");--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "media_resources" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_in_response_to_post_id_posts_id_fk" FOREIGN KEY ("in_response_to_post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_responses_idx" ON "posts" USING btree ("in_response_to_post_id","first_published_at") WHERE "posts"."in_response_to_post_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_deleted_idx" ON "posts" USING btree ("deleted_at") WHERE "posts"."deleted_at" is not null;--> statement-breakpoint
-- Stories written before revisions existed become revision 1, published as they are.
INSERT INTO "post_revisions" ("post_id", "rev", "title", "subtitle", "paragraphs", "published_at", "created_at")
SELECT "id", 1, "title", "subtitle", "paragraphs", "latest_published_at", "updated_at" FROM "posts";--> statement-breakpoint
UPDATE "posts" SET "latest_rev" = 1, "published_rev" = CASE WHEN "first_published_at" IS NULL THEN NULL ELSE 1 END;--> statement-breakpoint
INSERT INTO "tags" ("slug", "display_title", "post_count")
SELECT t.slug, initcap(replace(t.slug, '-', ' ')), count(*) FILTER (WHERE p."first_published_at" IS NOT NULL AND p."deleted_at" IS NULL AND p."visibility" = 'PUBLIC')
FROM "posts" p, unnest(p."tags") AS t(slug) GROUP BY t.slug;
