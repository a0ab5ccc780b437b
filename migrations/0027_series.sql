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
ALTER TABLE "sequence_follows" ADD CONSTRAINT "sequence_follows_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_follows" ADD CONSTRAINT "sequence_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_items" ADD CONSTRAINT "sequence_items_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sequence_follows_user_idx" ON "sequence_follows" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sequence_items_post_idx" ON "sequence_items" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "sequence_items_order_idx" ON "sequence_items" USING btree ("sequence_id","position");--> statement-breakpoint
CREATE INDEX "sequences_user_idx" ON "sequences" USING btree ("user_id","updated_at");