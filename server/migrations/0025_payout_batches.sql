CREATE TABLE "payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"withdrawals" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_by" integer,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payout_batches_paid_when" CHECK (("payout_batches"."status" = 'paid') = ("payout_batches"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- Withdrawals paid before batches existed were paid when they were approved.
UPDATE "withdrawals" SET "paid_at" = coalesce("reviewed_at", "created_at") WHERE "status" = 'paid';--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_paid_by_accounts_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_batches_created" ON "payout_batches" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_batch" ON "withdrawals" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_paid_when" CHECK (("withdrawals"."status" = 'paid') = ("withdrawals"."paid_at" is not null));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_batched_approved" CHECK ("withdrawals"."batch_id" is null or "withdrawals"."status" in ('approved', 'paid'));