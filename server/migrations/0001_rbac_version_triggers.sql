-- The RBAC version: one row, bumped by a statement-level trigger whenever menus, roles or grants
-- change, so every server instance can tell that its in-process snapshot is stale.
INSERT INTO "rbac_state" ("id", "version") VALUES (1, 1) ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_rbac_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "rbac_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "menus_bump_rbac_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "menus"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_rbac_version"();
--> statement-breakpoint
CREATE TRIGGER "roles_bump_rbac_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_rbac_version"();
--> statement-breakpoint
CREATE TRIGGER "role_menus_bump_rbac_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_menus"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_rbac_version"();
