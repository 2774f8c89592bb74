ALTER TABLE "auth_attempts" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "user_agent" text;