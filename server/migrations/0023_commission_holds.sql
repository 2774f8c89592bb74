-- Commissions are held for a period before they are payable, and a refund claws back one already
-- paid out, so a balance may go below zero; staff set the holding period, the withdrawal fee and
-- other business parameters (docs/payments.md, "Commissions"; contract/parameters.ts).
CREATE TABLE "business_parameters" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_balance_after_not_negative";--> statement-breakpoint
ALTER TABLE "salespeople" DROP CONSTRAINT "salespeople_balance_not_negative";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "hold_status" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "salespeople" ADD COLUMN "pending_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "fee_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "business_parameters" ADD CONSTRAINT "business_parameters_updated_by_accounts_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_held" ON "ledger_entries" USING btree ("available_at") WHERE "ledger_entries"."hold_status" = 'held';--> statement-breakpoint
-- The commissions booked before holds existed were payable at once: released when they were booked.
UPDATE "ledger_entries" SET "hold_status" = 'released', "available_at" = "created_at" WHERE "kind" = 'commission';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_commission_hold" CHECK (("ledger_entries"."kind" = 'commission') = ("ledger_entries"."hold_status" is not null and "ledger_entries"."available_at" is not null));--> statement-breakpoint
ALTER TABLE "salespeople" ADD CONSTRAINT "salespeople_pending_not_negative" CHECK ("salespeople"."pending_cents" >= 0);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fee_below_amount" CHECK ("withdrawals"."fee_cents" >= 0 and "withdrawals"."fee_cents" < "withdrawals"."amount_cents");