CREATE TABLE "search_lists" (
	"catalog_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"document" "tsvector" NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "catalog_id" text;--> statement-breakpoint
ALTER TABLE "search_lists" ADD CONSTRAINT "search_lists_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_lists" ADD CONSTRAINT "search_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_lists_document_idx" ON "search_lists" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_lists_user_idx" ON "search_lists" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;