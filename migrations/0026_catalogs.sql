CREATE TABLE "catalog_follows" (
	"catalog_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_follows_catalog_id_user_id_pk" PRIMARY KEY("catalog_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"id" text PRIMARY KEY NOT NULL,
	"catalog_id" text NOT NULL,
	"post_id" text NOT NULL,
	"note" text,
	"position" numeric NOT NULL,
	"tombstone_title" text DEFAULT '' NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_items_note_length" CHECK ("catalog_items"."note" is null or char_length("catalog_items"."note") <= 280)
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" smallint DEFAULT 0 NOT NULL,
	"predefined" text,
	"version" text NOT NULL,
	"items_count" integer DEFAULT 0 NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"responses_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogs_visibility_range" CHECK ("catalogs"."visibility" in (0, 1)),
	CONSTRAINT "catalogs_predefined_kind" CHECK ("catalogs"."predefined" is null or "catalogs"."predefined" in ('reading-list', 'currently-reading', 'purchased'))
);
--> statement-breakpoint
ALTER TABLE "catalog_follows" ADD CONSTRAINT "catalog_follows_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_follows" ADD CONSTRAINT "catalog_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_follows_user_idx" ON "catalog_follows" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_items_catalog_post_idx" ON "catalog_items" USING btree ("catalog_id","post_id");--> statement-breakpoint
CREATE INDEX "catalog_items_catalog_position_idx" ON "catalog_items" USING btree ("catalog_id","position","id");--> statement-breakpoint
CREATE INDEX "catalog_items_post_idx" ON "catalog_items" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "catalogs_user_idx" ON "catalogs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogs_user_predefined_idx" ON "catalogs" USING btree ("user_id","predefined");