-- The per-address limits count an IPv6 address as its /64 (server/http/clientNetwork.ts). The rows
-- already stored keep their address as their network: they stop counting within the minute anyway.
DROP INDEX "auth_attempts_ip_at";--> statement-breakpoint
DROP INDEX "inviter_lookups_ip_at";--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD COLUMN "network" text;--> statement-breakpoint
UPDATE "auth_attempts" SET "network" = "ip";--> statement-breakpoint
ALTER TABLE "auth_attempts" ALTER COLUMN "network" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "inviter_lookups" ADD COLUMN "network" text;--> statement-breakpoint
UPDATE "inviter_lookups" SET "network" = "ip";--> statement-breakpoint
ALTER TABLE "inviter_lookups" ALTER COLUMN "network" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "auth_attempts_network_at" ON "auth_attempts" USING btree ("network","at");--> statement-breakpoint
CREATE INDEX "inviter_lookups_network_at" ON "inviter_lookups" USING btree ("network","at");
