CREATE TABLE "catalog_claps" (
	"catalog_id" text NOT NULL,
	"user_id" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_claps_catalog_id_user_id_pk" PRIMARY KEY("catalog_id","user_id"),
	CONSTRAINT "catalog_claps_count_range" CHECK ("catalog_claps"."count" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "in_response_to_catalog_id" text;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "clap_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_claps" ADD CONSTRAINT "catalog_claps_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_claps" ADD CONSTRAINT "catalog_claps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_claps_user_idx" ON "catalog_claps" USING btree ("user_id","updated_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_in_response_to_catalog_id_catalogs_id_fk" FOREIGN KEY ("in_response_to_catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_catalog_responses_idx" ON "posts" USING btree ("in_response_to_catalog_id","first_published_at") WHERE "posts"."in_response_to_catalog_id" is not null;