CREATE TABLE "referral_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"salesperson_id" integer NOT NULL,
	"flags" text[] NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "referral_reviews_flagged" CHECK (cardinality("referral_reviews"."flags") > 0),
	CONSTRAINT "referral_reviews_decided_when" CHECK (("referral_reviews"."status" = 'open') = ("referral_reviews"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "referral_reviews" ADD CONSTRAINT "referral_reviews_member_id_accounts_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reviews" ADD CONSTRAINT "referral_reviews_salesperson_id_accounts_id_fk" FOREIGN KEY ("salesperson_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reviews" ADD CONSTRAINT "referral_reviews_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_reviews_member_key" ON "referral_reviews" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "referral_reviews_status" ON "referral_reviews" USING btree ("status","created_at");