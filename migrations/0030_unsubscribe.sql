CREATE TABLE "reader_email_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"allow_email_sharing" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reader_email_preferences" ADD CONSTRAINT "reader_email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;