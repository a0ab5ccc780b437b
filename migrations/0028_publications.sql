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
CREATE TABLE "publication_feature_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"publication_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_feature_pages_tags" CHECK (cardinality("publication_feature_pages"."tags") <= 5),
	CONSTRAINT "publication_feature_pages_slug_form" CHECK ("publication_feature_pages"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "story_view_days" (
	"post_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "story_view_days_post_id_day_pk" PRIMARY KEY("post_id","day"),
	CONSTRAINT "story_view_days_views" CHECK ("story_view_days"."views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "story_view_visitors" (
	"post_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "story_view_visitors_post_id_day_visitor_pk" PRIMARY KEY("post_id","day","visitor")
);
--> statement-breakpoint
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
CREATE TABLE "publication_submission_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"submission_id" text NOT NULL,
	"author_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_submission_comments_length" CHECK (char_length("publication_submission_comments"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "publication_submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"publication_id" text NOT NULL,
	"submitted_by" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"scheduled_for" timestamp with time zone,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_submissions_status" CHECK ("publication_submissions"."status" in ('PENDING', 'EDITS_REQUESTED', 'APPROVED', 'DECLINED', 'REMOVED', 'WITHDRAWN'))
);
--> statement-breakpoint
CREATE TABLE "publication_about" (
	"publication_id" text PRIMARY KEY NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"publication_id" text NOT NULL,
	"inviter_id" text,
	"invitee_id" text,
	"email" text,
	"role" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "publication_invitations_role" CHECK ("publication_invitations"."role" in ('EDITOR', 'WRITER')),
	CONSTRAINT "publication_invitations_status" CHECK ("publication_invitations"."status" in ('PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED')),
	CONSTRAINT "publication_invitations_target" CHECK (("publication_invitations"."invitee_id" is null) <> ("publication_invitations"."email" is null))
);
--> statement-breakpoint
CREATE TABLE "search_collections" (
	"collection_id" text PRIMARY KEY NOT NULL,
	"name_key" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "publication_feature_pages" ADD CONSTRAINT "publication_feature_pages_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_view_days" ADD CONSTRAINT "story_view_days_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_view_visitors" ADD CONSTRAINT "story_view_visitors_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_submission_comments" ADD CONSTRAINT "publication_submission_comments_submission_id_publication_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."publication_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_submission_comments" ADD CONSTRAINT "publication_submission_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_submissions" ADD CONSTRAINT "publication_submissions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_submissions" ADD CONSTRAINT "publication_submissions_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_submissions" ADD CONSTRAINT "publication_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_submissions" ADD CONSTRAINT "publication_submissions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_about" ADD CONSTRAINT "publication_about_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_invitations" ADD CONSTRAINT "publication_invitations_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_invitations" ADD CONSTRAINT "publication_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_invitations" ADD CONSTRAINT "publication_invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_collections" ADD CONSTRAINT "search_collections_collection_id_publications_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publication_audit_log_idx" ON "publication_audit_log" USING btree ("publication_id","created_at");--> statement-breakpoint
CREATE INDEX "publication_featured_posts_order_idx" ON "publication_featured_posts" USING btree ("publication_id","position");--> statement-breakpoint
CREATE INDEX "publication_featuring_events_idx" ON "publication_featuring_events" USING btree ("publication_id","created_at");--> statement-breakpoint
CREATE INDEX "publication_follows_user_idx" ON "publication_follows" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "publication_follows_recent_idx" ON "publication_follows" USING btree ("publication_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "publication_members_user_idx" ON "publication_members" USING btree ("user_id","role");--> statement-breakpoint
CREATE INDEX "publication_mutes_user_idx" ON "publication_mutes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_slug_idx" ON "publications" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "publications_owner_idx" ON "publications" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publication_feature_pages_slug_idx" ON "publication_feature_pages" USING btree ("publication_id","slug");--> statement-breakpoint
CREATE INDEX "publication_feature_pages_position_idx" ON "publication_feature_pages" USING btree ("publication_id","position");--> statement-breakpoint
CREATE INDEX "story_view_visitors_day_idx" ON "story_view_visitors" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_live_domain_idx" ON "custom_domains" USING btree ("domain") WHERE "custom_domains"."state" <> 'DELETED';--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_live_owner_idx" ON "custom_domains" USING btree ("owner_kind","owner_id") WHERE "custom_domains"."state" <> 'DELETED';--> statement-breakpoint
CREATE INDEX "custom_domains_state_idx" ON "custom_domains" USING btree ("state");--> statement-breakpoint
CREATE INDEX "publication_submission_comments_idx" ON "publication_submission_comments" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "publication_submissions_open_post_idx" ON "publication_submissions" USING btree ("post_id") WHERE "publication_submissions"."status" in ('PENDING', 'EDITS_REQUESTED', 'APPROVED');--> statement-breakpoint
CREATE INDEX "publication_submissions_queue_idx" ON "publication_submissions" USING btree ("publication_id","status","created_at");--> statement-breakpoint
CREATE INDEX "publication_submissions_scheduled_idx" ON "publication_submissions" USING btree ("scheduled_for") WHERE "publication_submissions"."status" = 'APPROVED' and "publication_submissions"."scheduled_for" is not null;--> statement-breakpoint
CREATE INDEX "publication_invitations_pub_idx" ON "publication_invitations" USING btree ("publication_id","created_at");--> statement-breakpoint
CREATE INDEX "publication_invitations_invitee_idx" ON "publication_invitations" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "publication_invitations_email_idx" ON "publication_invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "publication_invitations_open_user_idx" ON "publication_invitations" USING btree ("publication_id","invitee_id") WHERE status = 'PENDING' and invitee_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "publication_invitations_open_email_idx" ON "publication_invitations" USING btree ("publication_id","email") WHERE status = 'PENDING' and email is not null;--> statement-breakpoint
CREATE INDEX "search_collections_document_idx" ON "search_collections" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_collections_name_key_idx" ON "search_collections" USING btree ("name_key");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_collection_id_publications_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."publications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_listed_collection_idx" ON "posts" USING btree ("collection_id","first_published_at","id") WHERE "posts"."collection_id" is not null and "posts"."deleted_at" is null and "posts"."first_published_at" is not null and "posts"."visibility" = 'PUBLIC' and "posts"."in_response_to_post_id" is null;--> statement-breakpoint
CREATE INDEX "post_reads_post_idx" ON "post_reads" USING btree ("post_id","first_read_at");--> statement-breakpoint
CREATE INDEX "search_posts_collection_idx" ON "search_posts" USING btree ("collection_id","quality" DESC NULLS LAST) WHERE "search_posts"."collection_id" is not null;