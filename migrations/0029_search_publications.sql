CREATE TABLE "search_collections" (
	"collection_id" text PRIMARY KEY NOT NULL,
	"name_key" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_collections" ADD CONSTRAINT "search_collections_collection_id_publications_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_collections_document_idx" ON "search_collections" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_collections_name_key_idx" ON "search_collections" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "search_posts_collection_idx" ON "search_posts" USING btree ("collection_id","quality" DESC NULLS LAST) WHERE "search_posts"."collection_id" is not null;--> statement-breakpoint
-- Stories indexed before their publication was kept in search_posts.
UPDATE "search_posts" s SET "collection_id" = p."collection_id" FROM "posts" p WHERE p."id" = s."post_id" AND p."collection_id" IS NOT NULL;
