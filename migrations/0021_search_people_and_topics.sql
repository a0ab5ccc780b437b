ALTER TABLE "search_tags" ADD COLUMN "words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, names)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_tags_words_idx" ON "search_tags" USING gin ("words");--> statement-breakpoint
CREATE INDEX "search_users_names_ok_trgm_idx" ON "search_users" USING gin ("names" gin_trgm_ops) WHERE "search_users"."author_ok";--> statement-breakpoint
CREATE INDEX "search_users_document_ok_idx" ON "search_users" USING gin ("document") WHERE "search_users"."author_ok";