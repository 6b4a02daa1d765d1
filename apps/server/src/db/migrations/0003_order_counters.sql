-- Tab counters of the dashboard, kept per statement so that bulk inserts and updates
-- cost one aggregate, not one counter update per row. Rows are locked in key order.
CREATE FUNCTION order_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO order_counters (organisation_id, tab, status, count)
    SELECT organisation_id, tab, status, -count(*) FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, tab, status) DO UPDATE SET count = order_counters.count + EXCLUDED.count;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO order_counters (organisation_id, tab, status, count)
    SELECT organisation_id, tab, status, count(*) FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, tab, status) DO UPDATE SET count = order_counters.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_counters_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counters_apply();
--> statement-breakpoint
CREATE TRIGGER order_counters_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counters_apply();
--> statement-breakpoint
CREATE TRIGGER order_counters_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counters_apply();
--> statement-breakpoint
-- The orders tab in date order, with the searched columns included: a search for a
-- common word walks the newest orders in this index alone, without visiting rows.
CREATE INDEX "orders_tab_order_date_idx" ON "orders" USING btree ("organisation_id", "tab", "order_date" DESC, "id" DESC)
  INCLUDE ("order_number", "zipcode_compact", "search_words");
