CREATE TABLE "shop_binds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "shop_binds" ADD CONSTRAINT "shop_binds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_binds_token_hash_key" ON "shop_binds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "shop_binds_account" ON "shop_binds" USING btree ("account_id","created_at");--> statement-breakpoint
-- A shop two accounts bound at once (the race this index closes) keeps its first binding; the later
-- ones become invalid (失效), for staff to see and resolve in 用户店铺管理.
UPDATE "shops" SET "status" = 'invalid' WHERE "status" = 'bound' AND "id" NOT IN (
	SELECT min("id") FROM "shops" WHERE "status" = 'bound' GROUP BY "platform", "external_id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "shops_bound_once" ON "shops" USING btree ("platform","external_id") WHERE "shops"."status" = 'bound';