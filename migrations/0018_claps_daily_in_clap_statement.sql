-- daily_post_claps is now kept by the clap statement itself (src/modules/claps/commands.ts,
-- the `daily` step): one insert in the same statement costs far less than two statement
-- triggers with transition tables on every clap. Bulk loads fill it themselves.
DROP TRIGGER IF EXISTS claps_daily_inserted ON claps;--> statement-breakpoint
DROP TRIGGER IF EXISTS claps_daily_updated ON claps;--> statement-breakpoint
DROP FUNCTION IF EXISTS feeds_daily_claps_inserted();--> statement-breakpoint
DROP FUNCTION IF EXISTS feeds_daily_claps_updated();
