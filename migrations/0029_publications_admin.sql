CREATE TABLE "publication_about" (
	"publication_id" text PRIMARY KEY NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"publication_id" text NOT NULL,
	"inviter_id" text,
	"invitee_id" text,
	"email" text,
	"role" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "publication_invitations_role" CHECK ("publication_invitations"."role" in ('EDITOR', 'WRITER')),
	CONSTRAINT "publication_invitations_status" CHECK ("publication_invitations"."status" in ('PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED')),
	CONSTRAINT "publication_invitations_target" CHECK (("publication_invitations"."invitee_id" is null) <> ("publication_invitations"."email" is null))
);
--> statement-breakpoint
ALTER TABLE "publication_about" ADD CONSTRAINT "publication_about_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_invitations" ADD CONSTRAINT "publication_invitations_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_invitations" ADD CONSTRAINT "publication_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_invitations" ADD CONSTRAINT "publication_invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publication_invitations_pub_idx" ON "publication_invitations" USING btree ("publication_id","created_at");--> statement-breakpoint
CREATE INDEX "publication_invitations_invitee_idx" ON "publication_invitations" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "publication_invitations_email_idx" ON "publication_invitations" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "publication_invitations_open_user_idx" ON "publication_invitations" USING btree ("publication_id","invitee_id") WHERE status = 'PENDING' and invitee_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "publication_invitations_open_email_idx" ON "publication_invitations" USING btree ("publication_id","email") WHERE status = 'PENDING' and email is not null;