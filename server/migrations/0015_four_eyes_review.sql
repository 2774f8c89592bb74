ALTER TABLE "app_versions" ADD COLUMN "pending_change" jsonb;--> statement-breakpoint
ALTER TABLE "app_versions" ADD COLUMN "pending_by" integer;--> statement-breakpoint
ALTER TABLE "app_versions" ADD COLUMN "pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app_versions" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scripts" ADD COLUMN "live_name" text;--> statement-breakpoint
ALTER TABLE "scripts" ADD COLUMN "live_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "scripts" ADD COLUMN "live_version" integer;--> statement-breakpoint
ALTER TABLE "scripts" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scripts" ADD COLUMN "pending_authors" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "scripts" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "scripts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
-- What the plug-ins received before four-eyes review stays what they receive: every script's
-- present name, state and version count as approved.
UPDATE "scripts" SET "live_name" = "name", "live_enabled" = "enabled", "live_version" = "current_version";
