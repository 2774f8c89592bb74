CREATE TABLE "account_factors" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"totp_secret" text,
	"last_used_step" bigint,
	"credential_id" text,
	"public_key" text,
	"sign_count" bigint,
	"transports" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "account_factors_kind_fields" CHECK (("account_factors"."kind" = 'totp' and "account_factors"."totp_secret" is not null) or ("account_factors"."kind" = 'passkey' and "account_factors"."credential_id" is not null and "account_factors"."public_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "auth_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text,
	"account_id" integer,
	"session_id" bigint,
	"challenge" text,
	"remember" boolean DEFAULT false NOT NULL,
	"attempt_id" bigint,
	"failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_revoked_reason_known";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "second_factor_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "requires_second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "enrolment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_factors" ADD CONSTRAINT "account_factors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD CONSTRAINT "auth_challenges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD CONSTRAINT "auth_challenges_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_factors_account" ON "account_factors" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_factors_one_totp" ON "account_factors" USING btree ("account_id") WHERE "account_factors"."kind" = 'totp';--> statement-breakpoint
CREATE UNIQUE INDEX "account_factors_credential_key" ON "account_factors" USING btree ("credential_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_challenges_token_key" ON "auth_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_challenges_expiry" ON "auth_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_hash_key" ON "recovery_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "recovery_codes_account" ON "recovery_codes" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_revoked_reason_known" CHECK ("sessions"."revoked_reason" in ('logout', 'self', 'password', 'staff', 'limit', 'factors', 'reset', 'notMe'));--> statement-breakpoint
-- 需要两步验证 on the built-in roles that handle money, grants and scripts (new ones get it from the seed).
UPDATE "roles" SET "requires_second_factor" = true WHERE "built_in" AND "code" IN ('super_admin', 'operator', 'salesperson');
