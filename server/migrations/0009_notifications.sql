CREATE TABLE "notification_read_marks" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"read_through_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"account_id" integer NOT NULL,
	"notification_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_account_id_notification_id_pk" PRIMARY KEY("account_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient_id" integer,
	"audience" text,
	"actor_id" integer,
	"record_type" text NOT NULL,
	"record_key" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_one_addressee" CHECK (("notifications"."recipient_id" is null) <> ("notifications"."audience" is null))
);
--> statement-breakpoint
CREATE TABLE "stream_tickets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_read_marks" ADD CONSTRAINT "notification_read_marks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_accounts_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stream_tickets" ADD CONSTRAINT "stream_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_reads_notification" ON "notification_reads" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notifications_recipient" ON "notifications" USING btree ("recipient_id","id") WHERE "notifications"."recipient_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_audience" ON "notifications" USING btree ("audience","id") WHERE "notifications"."audience" is not null;--> statement-breakpoint
CREATE INDEX "notifications_record" ON "notifications" USING btree ("record_type","record_key");--> statement-breakpoint
CREATE INDEX "notifications_created_at" ON "notifications" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("recipient_id","dedupe_key") WHERE "notifications"."dedupe_key" is not null;--> statement-breakpoint
CREATE INDEX "stream_tickets_expires_at" ON "stream_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "accounts_membership_expires_at" ON "accounts" USING btree ("membership_expires_at") WHERE "accounts"."membership_expires_at" is not null;