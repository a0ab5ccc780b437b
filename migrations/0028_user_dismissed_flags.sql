CREATE TABLE "user_dismissed_flags" (
	"user_id" text NOT NULL,
	"flag" text NOT NULL,
	"dismissed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_dismissed_flags_user_id_flag_pk" PRIMARY KEY("user_id","flag")
);
--> statement-breakpoint
ALTER TABLE "user_dismissed_flags" ADD CONSTRAINT "user_dismissed_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;