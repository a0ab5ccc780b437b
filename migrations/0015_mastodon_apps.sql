CREATE TABLE "mastodon_apps" (
	"instance" text PRIMARY KEY NOT NULL,
	"redirect_uri" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
