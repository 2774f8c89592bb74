CREATE TABLE "plugin_run_batches" (
	"run_id" bigint NOT NULL,
	"batch" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_run_batches_run_id_batch_pk" PRIMARY KEY("run_id","batch")
);
--> statement-breakpoint
CREATE TABLE "plugin_run_items" (
	"run_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"product_id" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reported_at" timestamp with time zone,
	CONSTRAINT "plugin_run_items_run_id_product_id_pk" PRIMARY KEY("run_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "plugin_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"flow" text NOT NULL,
	"platform" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"scripts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"joined" integer DEFAULT 0 NOT NULL,
	"already_joined" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failed_step_index" integer,
	"failed_step_name" text,
	"failed_message" text,
	"failed_script_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "plugin_runs_counts" CHECK ("plugin_runs"."joined" + "plugin_runs"."already_joined" + "plugin_runs"."failed" <= "plugin_runs"."item_count")
);
--> statement-breakpoint
ALTER TABLE "plugin_run_batches" ADD CONSTRAINT "plugin_run_batches_run_id_plugin_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."plugin_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_run_items" ADD CONSTRAINT "plugin_run_items_run_id_plugin_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."plugin_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_runs" ADD CONSTRAINT "plugin_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plugin_run_items_position" ON "plugin_run_items" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "plugin_runs_account" ON "plugin_runs" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "plugin_runs_started" ON "plugin_runs" USING btree ("started_at");