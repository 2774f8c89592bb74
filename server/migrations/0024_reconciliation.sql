CREATE TABLE "reconciliation_differences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"check_name" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"expected_cents" bigint NOT NULL,
	"actual_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"started_by" integer,
	"business_day" date,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"salespeople" integer NOT NULL,
	"entries" bigint NOT NULL,
	"differences" integer NOT NULL,
	CONSTRAINT "reconciliation_runs_daily_has_day" CHECK (("reconciliation_runs"."trigger" = 'daily') = ("reconciliation_runs"."business_day" is not null))
);
--> statement-breakpoint
ALTER TABLE "reconciliation_differences" ADD CONSTRAINT "reconciliation_differences_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_started_by_accounts_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_differences_run" ON "reconciliation_differences" USING btree ("run_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_daily" ON "reconciliation_runs" USING btree ("business_day") WHERE "reconciliation_runs"."trigger" = 'daily';--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started" ON "reconciliation_runs" USING btree ("started_at");