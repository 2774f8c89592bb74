CREATE TABLE "plugin_pacing" (
	"platform" text PRIMARY KEY NOT NULL,
	"items_per_minute" integer NOT NULL,
	"delay_min_ms" integer NOT NULL,
	"delay_max_ms" integer NOT NULL,
	"daily_cap" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_pacing_delays" CHECK ("plugin_pacing"."delay_min_ms" <= "plugin_pacing"."delay_max_ms")
);
--> statement-breakpoint
CREATE TABLE "plugin_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow" text NOT NULL,
	"platform" text,
	"reason" text NOT NULL,
	"paused_by" integer,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plugin_pacing" ADD CONSTRAINT "plugin_pacing_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_pauses" ADD CONSTRAINT "plugin_pauses_paused_by_accounts_id_fk" FOREIGN KEY ("paused_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plugin_pauses_scope" ON "plugin_pauses" USING btree ("flow",coalesce("platform", ''));