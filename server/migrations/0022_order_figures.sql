CREATE TABLE "order_day_figures" (
	"day" date NOT NULL,
	"level_id" integer NOT NULL,
	"paid_orders" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "order_day_figures_day_level_id_pk" PRIMARY KEY("day","level_id")
);
--> statement-breakpoint
CREATE TABLE "order_day_sales_figures" (
	"day" date NOT NULL,
	"salesperson_id" integer NOT NULL,
	"paid_orders" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	CONSTRAINT "order_day_sales_figures_day_salesperson_id_pk" PRIMARY KEY("day","salesperson_id")
);
--> statement-breakpoint
CREATE TABLE "order_figure_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_created_at" timestamp with time zone NOT NULL,
	"level_id" integer NOT NULL,
	"salesperson_id" integer,
	"paid_orders" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	"pending_orders" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_figures_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text,
	"pending_orders" bigint DEFAULT 0 NOT NULL,
	"built_at" timestamp with time zone,
	CONSTRAINT "order_figures_state_one_row" CHECK ("order_figures_state"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "order_figures_state" ("id") VALUES (1);--> statement-breakpoint
-- The staff dashboard's order figures follow every change of an order, in the order's own
-- transaction (server/dashboard/orderFigures.ts): a change appends its effect on what the dashboard
-- counts (paid orders, their revenue and commission, pending orders) as rows that nothing else
-- writes, so concurrent payments never wait on a shared counter. The job folds them into the daily
-- figures; the first fold (time_zone still null) builds those from the orders themselves.
CREATE FUNCTION order_figure_append(o orders, sign integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_figure_changes (order_created_at, level_id, salesperson_id, paid_orders, revenue_cents, commission_cents, pending_orders)
  SELECT o.created_at, o.level_id,
         CASE WHEN o.status = 'paid' AND o.commission_cents > 0 THEN o.salesperson_id END,
         CASE WHEN o.status = 'paid' THEN sign ELSE 0 END,
         CASE WHEN o.status = 'paid' THEN sign * o.amount_cents ELSE 0 END,
         CASE WHEN o.status = 'paid' AND o.salesperson_id IS NOT NULL AND o.commission_cents > 0 THEN sign * o.commission_cents ELSE 0 END,
         CASE WHEN o.status = 'pending' THEN sign ELSE 0 END
  WHERE o.status IN ('paid', 'pending')
$$;--> statement-breakpoint
CREATE FUNCTION order_figures_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM order_figure_append(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM order_figure_append(NEW, 1); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_figures_insert_delete AFTER INSERT OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_figures_follow();--> statement-breakpoint
-- An update that changes nothing the figures count (a note, an expiry) appends nothing.
CREATE TRIGGER orders_figures_update AFTER UPDATE ON orders
  FOR EACH ROW
  WHEN ((OLD.status IN ('paid', 'pending') OR NEW.status IN ('paid', 'pending'))
        AND (OLD.status, OLD.created_at, OLD.level_id, OLD.salesperson_id, OLD.amount_cents, OLD.commission_cents)
            IS DISTINCT FROM (NEW.status, NEW.created_at, NEW.level_id, NEW.salesperson_id, NEW.amount_cents, NEW.commission_cents))
  EXECUTE FUNCTION order_figures_follow();
