CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION inkwell_search (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION inkwell_search ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION inkwell_names (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION inkwell_names ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;--> statement-breakpoint
CREATE TABLE "search_clicks" (
	"id" text PRIMARY KEY NOT NULL,
	"query_id" text NOT NULL,
	"index_name" text NOT NULL,
	"event_name" text NOT NULL,
	"object_ids" text[] NOT NULL,
	"positions" integer[] NOT NULL,
	"user_id" text,
	"user_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_posts" (
	"post_id" text PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"collection_id" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"preview_text" text DEFAULT '' NOT NULL,
	"document" "tsvector" NOT NULL,
	"first_published_at" timestamp with time zone NOT NULL,
	"clap_count" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"quality" double precision NOT NULL,
	"author_ok" boolean DEFAULT false NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_queries" (
	"query_id" text PRIMARY KEY NOT NULL,
	"index_name" text NOT NULL,
	"query" text NOT NULL,
	"user_id" text,
	"analytics_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"nb_hits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_tags" (
	"tag_slug" text PRIMARY KEY NOT NULL,
	"names" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"names" text NOT NULL,
	"username_key" text DEFAULT '' NOT NULL,
	"document" "tsvector" NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"author_ok" boolean DEFAULT false NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_posts" ADD CONSTRAINT "search_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_posts" ADD CONSTRAINT "search_posts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_tags" ADD CONSTRAINT "search_tags_tag_slug_tags_slug_fk" FOREIGN KEY ("tag_slug") REFERENCES "public"."tags"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_users" ADD CONSTRAINT "search_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_clicks_query_idx" ON "search_clicks" USING btree ("query_id");--> statement-breakpoint
CREATE INDEX "search_clicks_object_idx" ON "search_clicks" USING gin ("object_ids");--> statement-breakpoint
CREATE INDEX "search_posts_document_idx" ON "search_posts" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_posts_quality_ok_idx" ON "search_posts" USING btree ("quality" DESC NULLS LAST) WHERE "search_posts"."author_ok";--> statement-breakpoint
CREATE INDEX "search_posts_quality_idx" ON "search_posts" USING btree ("quality" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_posts_creator_idx" ON "search_posts" USING btree ("creator_id","quality" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_posts_tags_idx" ON "search_posts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "search_queries_created_idx" ON "search_queries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "search_tags_names_trgm_idx" ON "search_tags" USING gin ("names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_users_names_trgm_idx" ON "search_users" USING gin ("names" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_users_document_idx" ON "search_users" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_users_username_idx" ON "search_users" USING btree ("username_key");--> statement-breakpoint
ALTER TABLE "search_posts" ALTER COLUMN "document" SET STATISTICS 1000;
