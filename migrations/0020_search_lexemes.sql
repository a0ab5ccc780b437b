CREATE TABLE "search_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexemes_prefix_idx" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops);--> statement-breakpoint
-- The lexemes of the documents already indexed (later ones are written with their documents).
INSERT INTO "search_lexemes" ("lexeme") SELECT DISTINCT unnest(tsvector_to_array("document")) FROM "search_posts" ON CONFLICT DO NOTHING;
