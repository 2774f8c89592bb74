ALTER TABLE "sessions" ADD COLUMN "proved_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session that existed before proved its holder at its sign-in, not at this migration.
UPDATE "sessions" SET "proved_at" = "created_at";
