CREATE TABLE "inviter_lookups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "inviter_lookups_ip_at" ON "inviter_lookups" USING btree ("ip","at");