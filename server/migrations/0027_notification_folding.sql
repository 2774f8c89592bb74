ALTER TABLE "notifications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "repeats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "first_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- An item written before folding stands for its own event, from when it was written.
UPDATE "notifications" SET "first_at" = "created_at";--> statement-breakpoint
CREATE INDEX "notifications_actor" ON "notifications" USING btree ("actor_id","kind") WHERE "notifications"."actor_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_repeats_positive" CHECK ("notifications"."repeats" >= 1);