CREATE TABLE "publication_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"publication_id" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_featured_posts" (
	"publication_id" text NOT NULL,
	"post_id" text NOT NULL,
	"position" integer NOT NULL,
	"featured_by" text,
	"featured_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_featured_posts_publication_id_post_id_pk" PRIMARY KEY("publication_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "publication_featuring_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"publication_id" text NOT NULL,
	"post_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_follows" (
	"publication_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_follows_publication_id_user_id_pk" PRIMARY KEY("publication_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "publication_members" (
	"publication_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_members_publication_id_user_id_pk" PRIMARY KEY("publication_id","user_id"),
	CONSTRAINT "publication_members_role" CHECK ("publication_members"."role" in ('OWNER', 'EDITOR', 'WRITER'))
);
--> statement-breakpoint
CREATE TABLE "publication_mutes" (
	"publication_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_mutes_publication_id_user_id_pk" PRIMARY KEY("publication_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "publications" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"avatar_image_id" text,
	"logo_image_id" text,
	"favicon_image_id" text,
	"owner_id" text NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"twitter_username" text,
	"facebook_page_id" text,
	"google_analytics_id" text,
	"submission_policy" text DEFAULT 'WRITERS' NOT NULL,
	"homepage" jsonb,
	"homepage_draft" jsonb,
	"navigation_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publications_name_length" CHECK (char_length("publications"."name") between 1 and 100),
	CONSTRAINT "publications_slug_form" CHECK ("publications"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "collection_id" text;--> statement-breakpoint
ALTER TABLE "publication_audit_log" ADD CONSTRAINT "publication_audit_log_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_audit_log" ADD CONSTRAINT "publication_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_featured_posts" ADD CONSTRAINT "publication_featured_posts_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_featured_posts" ADD CONSTRAINT "publication_featured_posts_featured_by_users_id_fk" FOREIGN KEY ("featured_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_featuring_events" ADD CONSTRAINT "publication_featuring_events_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_featuring_events" ADD CONSTRAINT "publication_featuring_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_follows" ADD CONSTRAINT "publication_follows_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_follows" ADD CONSTRAINT "publication_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_members" ADD CONSTRAINT "publication_members_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_members" ADD CONSTRAINT "publication_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_mutes" ADD CONSTRAINT "publication_mutes_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_mutes" ADD CONSTRAINT "publication_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publication_audit_log_idx" ON "publication_audit_log" USING btree ("publication_id","created_at");--> statement-breakpoint
CREATE INDEX "publication_featured_posts_order_idx" ON "publication_featured_posts" USING btree ("publication_id","position");--> statement-breakpoint
CREATE INDEX "publication_featuring_events_idx" ON "publication_featuring_events" USING btree ("publication_id","created_at");--> statement-breakpoint
CREATE INDEX "publication_follows_user_idx" ON "publication_follows" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "publication_members_user_idx" ON "publication_members" USING btree ("user_id","role");--> statement-breakpoint
CREATE INDEX "publication_mutes_user_idx" ON "publication_mutes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_slug_idx" ON "publications" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "publications_owner_idx" ON "publications" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_collection_id_publications_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."publications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_listed_collection_idx" ON "posts" USING btree ("collection_id","first_published_at","id") WHERE "posts"."collection_id" is not null and "posts"."deleted_at" is null and "posts"."first_published_at" is not null and "posts"."visibility" = 'PUBLIC' and "posts"."in_response_to_post_id" is null;