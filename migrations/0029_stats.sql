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
ALTER TABLE "story_view_days" ADD CONSTRAINT "story_view_days_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_view_visitors" ADD CONSTRAINT "story_view_visitors_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_view_visitors_day_idx" ON "story_view_visitors" USING btree ("day");--> statement-breakpoint
CREATE INDEX "post_reads_post_idx" ON "post_reads" USING btree ("post_id","first_read_at");