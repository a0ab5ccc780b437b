CREATE TABLE "newsletter_import_rows" (
	"import_id" text NOT NULL,
	"row_number" integer NOT NULL,
	"value" text NOT NULL,
	"email" text,
	"status" text NOT NULL,
	CONSTRAINT "newsletter_import_rows_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "newsletter_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"newsletter_id" text NOT NULL,
	"user_id" text NOT NULL,
	"state" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"email_column" text DEFAULT '' NOT NULL,
	"total_rows" integer NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"subscribed_count" integer DEFAULT 0 NOT NULL,
	"unsubscribed_count" integer DEFAULT 0 NOT NULL,
	"suppressed_count" integer DEFAULT 0 NOT NULL,
	"to_import_count" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"samples" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attestation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "newsletter_imports_state_check" CHECK ("newsletter_imports"."state" in ('VALIDATED', 'IMPORTING', 'DONE'))
);
--> statement-breakpoint
ALTER TABLE "newsletter_import_rows" ADD CONSTRAINT "newsletter_import_rows_import_id_newsletter_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."newsletter_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_imports" ADD CONSTRAINT "newsletter_imports_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_imports" ADD CONSTRAINT "newsletter_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_import_rows_new_idx" ON "newsletter_import_rows" USING btree ("import_id","row_number") WHERE "newsletter_import_rows"."status" = 'NEW';--> statement-breakpoint
CREATE INDEX "newsletter_imports_newsletter_idx" ON "newsletter_imports" USING btree ("newsletter_id","created_at");--> statement-breakpoint
CREATE INDEX "newsletter_imports_running_idx" ON "newsletter_imports" USING btree ("confirmed_at") WHERE "newsletter_imports"."state" = 'IMPORTING';