DROP INDEX "orders_created";--> statement-breakpoint
CREATE INDEX "orders_created_id" ON "orders" USING btree ("created_at","id");