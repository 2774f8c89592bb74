CREATE TABLE "script_rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"script_id" integer NOT NULL,
	"version" integer NOT NULL,
	"stable_version" integer NOT NULL,
	"account_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"percent" integer NOT NULL,
	"status" text DEFAULT 'canary' NOT NULL,
	"authors" integer[] DEFAULT '{}'::int[] NOT NULL,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_by" integer,
	"ended_at" timestamp with time zone,
	CONSTRAINT "script_rollouts_percent" CHECK ("script_rollouts"."percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "script_rollouts" ADD CONSTRAINT "script_rollouts_script_id_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."scripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_rollouts" ADD CONSTRAINT "script_rollouts_started_by_accounts_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_rollouts" ADD CONSTRAINT "script_rollouts_ended_by_accounts_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "script_rollouts_one_canary" ON "script_rollouts" USING btree ("script_id") WHERE "script_rollouts"."status" = 'canary';