CREATE TABLE "search_tier" (
	"id" integer PRIMARY KEY NOT NULL,
	"threshold" double precision NOT NULL,
	"index_name" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_tier_one_row" CHECK ("search_tier"."id" = 1)
);
