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
ALTER TABLE "publication_feature_pages" ADD CONSTRAINT "publication_feature_pages_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publication_feature_pages_slug_idx" ON "publication_feature_pages" USING btree ("publication_id","slug");--> statement-breakpoint
CREATE INDEX "publication_feature_pages_position_idx" ON "publication_feature_pages" USING btree ("publication_id","position");