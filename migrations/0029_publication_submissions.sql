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
ALTER TABLE "publication_submission_comments" ADD CONSTRAINT "publication_submission_comments_submission_id_publication_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."publication_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_submission_comments" ADD CONSTRAINT "publication_submission_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_submissions" ADD CONSTRAINT "publication_submissions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_submissions" ADD CONSTRAINT "publication_submissions_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_submissions" ADD CONSTRAINT "publication_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_submissions" ADD CONSTRAINT "publication_submissions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publication_submission_comments_idx" ON "publication_submission_comments" USING btree ("submission_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "publication_submissions_open_post_idx" ON "publication_submissions" USING btree ("post_id") WHERE "publication_submissions"."status" in ('PENDING', 'EDITS_REQUESTED', 'APPROVED');--> statement-breakpoint
CREATE INDEX "publication_submissions_queue_idx" ON "publication_submissions" USING btree ("publication_id","status","created_at");--> statement-breakpoint
CREATE INDEX "publication_submissions_scheduled_idx" ON "publication_submissions" USING btree ("scheduled_for") WHERE "publication_submissions"."status" = 'APPROVED' and "publication_submissions"."scheduled_for" is not null;