CREATE TABLE "reading_positions" (
	"user_id" text NOT NULL,
	"post_id" text NOT NULL,
	"paragraph_name" text NOT NULL,
	"paragraph_index" integer NOT NULL,
	"fraction" double precision NOT NULL,
	"client_updated_at" timestamp (3) with time zone NOT NULL,
	"device_id" text NOT NULL,
	"device_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_positions_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "reading_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"history_paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_lists" (
	"catalog_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "sequence_follows" (
	"sequence_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequence_follows_sequence_id_user_id_pk" PRIMARY KEY("sequence_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sequence_items" (
	"sequence_id" text NOT NULL,
	"post_id" text NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequence_items_sequence_id_post_id_pk" PRIMARY KEY("sequence_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "sequences" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_image_id" text,
	"published_at" timestamp with time zone,
	"items_count" integer DEFAULT 0 NOT NULL,
	"followers_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequences_title_length" CHECK (char_length("sequences"."title") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "in_response_to_catalog_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "catalog_id" text;--> statement-breakpoint
ALTER TABLE "catalogs" ADD COLUMN "clap_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_positions" ADD CONSTRAINT "reading_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_positions" ADD CONSTRAINT "reading_positions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_settings" ADD CONSTRAINT "reading_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_lists" ADD CONSTRAINT "search_lists_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_lists" ADD CONSTRAINT "search_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_claps" ADD CONSTRAINT "catalog_claps_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_claps" ADD CONSTRAINT "catalog_claps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_follows" ADD CONSTRAINT "sequence_follows_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_follows" ADD CONSTRAINT "sequence_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_items" ADD CONSTRAINT "sequence_items_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_lists_document_idx" ON "search_lists" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_lists_user_idx" ON "search_lists" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "catalog_claps_user_idx" ON "catalog_claps" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "sequence_follows_user_idx" ON "sequence_follows" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sequence_items_post_idx" ON "sequence_items" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "sequence_items_order_idx" ON "sequence_items" USING btree ("sequence_id","position");--> statement-breakpoint
CREATE INDEX "sequences_user_idx" ON "sequences" USING btree ("user_id","updated_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_in_response_to_catalog_id_catalogs_id_fk" FOREIGN KEY ("in_response_to_catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_catalog_responses_idx" ON "posts" USING btree ("in_response_to_catalog_id","first_published_at") WHERE "posts"."in_response_to_catalog_id" is not null;