CREATE TABLE "daily_post_claps" (
	"day" date NOT NULL,
	"post_id" text NOT NULL,
	"claps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_post_claps_day_post_id_pk" PRIMARY KEY("day","post_id")
);
--> statement-breakpoint
CREATE TABLE "feed_dismissals" (
	"user_id" text NOT NULL,
	"post_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"tags" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_dismissals_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"tag_slug" text NOT NULL,
	"post_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"first_published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "post_tags_tag_slug_post_id_pk" PRIMARY KEY("tag_slug","post_id")
);
--> statement-breakpoint
ALTER TABLE "daily_post_claps" ADD CONSTRAINT "daily_post_claps_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_dismissals" ADD CONSTRAINT "feed_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_dismissals" ADD CONSTRAINT "feed_dismissals_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_post_claps_top_idx" ON "daily_post_claps" USING btree ("day","claps" DESC NULLS LAST,"post_id");--> statement-breakpoint
CREATE INDEX "post_tags_newest_idx" ON "post_tags" USING btree ("tag_slug","first_published_at" DESC NULLS LAST,"post_id" DESC NULLS LAST);--> statement-breakpoint
-- post_tags mirrors the listed stories' tags (the ones tags.post_count counts) for every
-- writer of posts. Inserts are handled per statement, so bulk loads (demo data,
-- benchmark datasets) cost one extra INSERT ... SELECT, not one call per row.
CREATE FUNCTION feeds_post_tags_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO post_tags (tag_slug, post_id, creator_id, first_published_at)
  SELECT DISTINCT t.slug, n.id, n.creator_id, n.first_published_at
  FROM new_posts n CROSS JOIN LATERAL unnest(n.tags) AS t(slug)
  WHERE n.first_published_at IS NOT NULL AND n.deleted_at IS NULL AND n.visibility = 'PUBLIC' AND n.in_response_to_post_id IS NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_post_tags_inserted AFTER INSERT ON posts REFERENCING NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION feeds_post_tags_inserted();--> statement-breakpoint
CREATE FUNCTION feeds_post_tags_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_tags WHERE post_id = OLD.id;
  IF NEW.first_published_at IS NOT NULL AND NEW.deleted_at IS NULL AND NEW.visibility = 'PUBLIC' AND NEW.in_response_to_post_id IS NULL THEN
    INSERT INTO post_tags (tag_slug, post_id, creator_id, first_published_at)
    SELECT DISTINCT t.slug, NEW.id, NEW.creator_id, NEW.first_published_at FROM unnest(NEW.tags) AS t(slug)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only when a column that decides listing changed (a clap or an edit costs nothing).
CREATE TRIGGER posts_post_tags_updated AFTER UPDATE ON posts FOR EACH ROW
  WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.visibility IS DISTINCT FROM NEW.visibility OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.first_published_at IS DISTINCT FROM NEW.first_published_at OR OLD.in_response_to_post_id IS DISTINCT FROM NEW.in_response_to_post_id
    OR OLD.creator_id IS DISTINCT FROM NEW.creator_id)
  EXECUTE FUNCTION feeds_post_tags_updated();--> statement-breakpoint
INSERT INTO post_tags (tag_slug, post_id, creator_id, first_published_at)
SELECT DISTINCT t.slug, p.id, p.creator_id, p.first_published_at
FROM posts p CROSS JOIN LATERAL unnest(p.tags) AS t(slug)
WHERE p.first_published_at IS NOT NULL AND p.deleted_at IS NULL AND p.visibility = 'PUBLIC' AND p.in_response_to_post_id IS NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- daily_post_claps: the claps each story received per UTC day, kept per statement on
-- claps (a clap is one statement; a bulk load is one aggregate).
CREATE FUNCTION feeds_daily_claps_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_post_claps (day, post_id, claps)
  SELECT (n.updated_at AT TIME ZONE 'UTC')::date, n.post_id, sum(n.count) FROM new_claps n GROUP BY 1, 2
  ON CONFLICT (day, post_id) DO UPDATE SET claps = daily_post_claps.claps + excluded.claps;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER claps_daily_inserted AFTER INSERT ON claps REFERENCING NEW TABLE AS new_claps FOR EACH STATEMENT EXECUTE FUNCTION feeds_daily_claps_inserted();--> statement-breakpoint
CREATE FUNCTION feeds_daily_claps_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_post_claps (day, post_id, claps)
  SELECT (n.updated_at AT TIME ZONE 'UTC')::date, n.post_id, sum(n.count - o.count)
  FROM new_claps n JOIN old_claps o ON o.post_id = n.post_id AND o.user_id = n.user_id
  WHERE n.count > o.count GROUP BY 1, 2
  ON CONFLICT (day, post_id) DO UPDATE SET claps = daily_post_claps.claps + excluded.claps;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER claps_daily_updated AFTER UPDATE ON claps REFERENCING OLD TABLE AS old_claps NEW TABLE AS new_claps FOR EACH STATEMENT EXECUTE FUNCTION feeds_daily_claps_updated();--> statement-breakpoint
INSERT INTO daily_post_claps (day, post_id, claps)
SELECT (c.created_at AT TIME ZONE 'UTC')::date, c.post_id, sum(c.count) FROM claps c GROUP BY 1, 2
ON CONFLICT DO NOTHING;
