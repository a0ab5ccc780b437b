ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_delivered_to_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_delivered_to_check" CHECK ("email_outbox"."delivered_to" in ('smtp', 'ses', 'mailbox'));