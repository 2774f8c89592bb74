CREATE TABLE "security_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer,
	"username" text,
	"path" text,
	"ip" text,
	"network" text,
	"user_agent" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "security_events_kind_known" CHECK ("security_events"."kind" in ('forbidden', 'rateLimited', 'badInputBurst', 'lockout', 'stepUpFailed', 'secondFactorFailed', 'newDevice', 'notMe'))
);
--> statement-breakpoint
CREATE INDEX "security_events_at" ON "security_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "security_events_kind_at" ON "security_events" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "security_events_account_at" ON "security_events" USING btree ("account_id","at");--> statement-breakpoint
-- Security events and the audit log are append-only (ASVS 16.4.2): the database itself refuses to
-- change a row or to empty the table, whatever the statement (a defect, an injected query). A row
-- may only be deleted once it is older than its retention (SECURITY_EVENT_RETENTION_DAYS,
-- AUDIT_LOG_RETENTION_DAYS in contract/securityEvents.ts): the maintenance job's prune, by age
-- (server/securityEvent/retention.ts). Even the application can not delete a recent row.
CREATE FUNCTION security_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.at < now() - interval '365 days' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'security_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER security_events_no_update_or_delete BEFORE UPDATE OR DELETE ON security_events
  FOR EACH ROW EXECUTE FUNCTION security_events_append_only();--> statement-breakpoint
CREATE TRIGGER security_events_no_truncate BEFORE TRUNCATE ON security_events
  FOR EACH STATEMENT EXECUTE FUNCTION security_events_append_only();--> statement-breakpoint
-- The audit log's trigger (migration 0017) now lets the retention prune delete entries past their age.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.at < now() - interval '1095 days' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
