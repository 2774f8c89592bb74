-- pg_trgm ships with PostgreSQL (contrib, a trusted extension since 13) and with PGlite (loaded by
-- server/db/client.ts); the account search's `%text%` ilike uses its trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "accounts_username_trgm" ON "accounts" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_email_trgm" ON "accounts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_referrer" ON "accounts" USING btree ("referrer_id");