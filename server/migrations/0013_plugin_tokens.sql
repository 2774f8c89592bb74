CREATE TABLE "plugin_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plugin_tokens" ADD CONSTRAINT "plugin_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_tokens_token_hash_key" ON "plugin_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "plugin_tokens_session" ON "plugin_tokens" USING btree ("session_id","id");