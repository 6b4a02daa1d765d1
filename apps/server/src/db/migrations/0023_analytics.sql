CREATE TABLE "analytics_label_daily" (
	"organisation_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"is_return" boolean NOT NULL,
	"labels" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"delivery_seconds" bigint DEFAULT 0 NOT NULL,
	"on_time" integer DEFAULT 0 NOT NULL,
	"delayed" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_label_daily_organisation_id_dimension_day_key_is_return_pk" PRIMARY KEY("organisation_id","dimension","day","key","is_return")
);
--> statement-breakpoint
CREATE TABLE "analytics_mail_daily" (
	"organisation_id" uuid NOT NULL,
	"day" date NOT NULL,
	"mail_status" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_mail_daily_organisation_id_day_mail_status_pk" PRIMARY KEY("organisation_id","day","mail_status")
);
--> statement-breakpoint
CREATE TABLE "analytics_return_reason_daily" (
	"organisation_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_return_reason_daily_organisation_id_day_reason_pk" PRIMARY KEY("organisation_id","day","reason")
);
--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "delayed_at" timestamp with time zone;
--> statement-breakpoint
-- Analytics (docs/analytics.md): daily figures kept exact by statement triggers, like order_counters:
-- one aggregate per statement, an update's old rows subtracted and new rows added in one
-- statement (nothing written when nothing counted changed), rows locked in key order.
CREATE FUNCTION analytics_day(t timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (t AT TIME ZONE 'Europe/Amsterdam')::date
$$
--> statement-breakpoint
-- Working days (Monday to Saturday) after day a up to and including day b.
CREATE FUNCTION analytics_working_days(a date, b date) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN b <= a THEN 0 ELSE (b - a) - (CASE WHEN b >= s0 THEN (b - s0) / 7 + 1 ELSE 0 END) END
  FROM (SELECT a + (7 - extract(isodow FROM a)::int) + (CASE WHEN extract(isodow FROM a) = 7 THEN 7 ELSE 0 END) AS s0) x
$$
--> statement-breakpoint
-- The carrier's promise in working days by destination (packages/domain/src/analytics.ts promisedWorkingDays).
CREATE FUNCTION analytics_promised_days(country text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN country = 'NL' THEN 1 WHEN country IN ('BE', 'LU', 'DE') THEN 2 ELSE 4 END
$$
--> statement-breakpoint
CREATE FUNCTION analytics_label_facts(created_at timestamptz, shipped_at timestamptz, delivered_at timestamptz, delayed_at timestamptz, status text, order_snapshot jsonb,
  OUT day date, OUT country text, OUT delivered integer, OUT delivery_seconds bigint, OUT on_time integer, OUT delayed integer, OUT errors integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT analytics_day(created_at),
    coalesce(upper(order_snapshot->>'country'), ''),
    (delivered_at IS NOT NULL)::int,
    CASE WHEN delivered_at IS NULL THEN 0 ELSE greatest(0, floor(extract(epoch FROM delivered_at - coalesce(shipped_at, created_at))))::bigint END,
    (delivered_at IS NOT NULL AND analytics_working_days(analytics_day(coalesce(shipped_at, created_at)), analytics_day(delivered_at))
      <= analytics_promised_days(coalesce(upper(order_snapshot->>'country'), '')))::int,
    (delayed_at IS NOT NULL)::int,
    (status = 'error')::int
$$
--> statement-breakpoint
-- Backfill: the moments from the tracking events so far, then the figures of every existing row.
UPDATE labels l SET shipped_at = x.shipped, delivered_at = x.delivered, delayed_at = x.delayed
FROM (SELECT label_id,
        min(occurred_at) FILTER (WHERE status = 'shipped') AS shipped,
        min(occurred_at) FILTER (WHERE status = 'completed' AND event <> 'delivered_at_sender') AS delivered,
        min(occurred_at) FILTER (WHERE status = 'delayed') AS delayed
      FROM tracking_events GROUP BY label_id) x
WHERE l.id = x.label_id
--> statement-breakpoint
UPDATE labels SET delayed_at = updated_at WHERE status = 'delayed' AND delayed_at IS NULL
--> statement-breakpoint
INSERT INTO analytics_label_daily AS a (organisation_id, dimension, day, key, is_return, labels, delivered, delivery_seconds, on_time, delayed, errors)
    SELECT r.organisation_id, d.dimension, f.day, d.key, r.is_return,
      sum(r.s)::int, sum(r.s * f.delivered)::int, sum(r.s * f.delivery_seconds)::bigint, sum(r.s * f.on_time)::int, sum(r.s * f.delayed)::int, sum(r.s * f.errors)::int
    FROM (SELECT 1 AS s, l.* FROM labels l) r, LATERAL analytics_label_facts(r.created_at, r.shipped_at, r.delivered_at, r.delayed_at, r.status, r.order_snapshot) f,
      LATERAL (VALUES ('all', ''), ('carrier', r.courier_class), ('country', f.country), ('shipment_type', r.shipment_type)) d(dimension, key)
    WHERE r.is_active AND r.status <> 'creating'
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(r.s) <> 0 OR sum(r.s * f.delivered) <> 0 OR sum(r.s * f.delivery_seconds) <> 0 OR sum(r.s * f.on_time) <> 0 OR sum(r.s * f.delayed) <> 0 OR sum(r.s * f.errors) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organisation_id, dimension, day, key, is_return) DO UPDATE SET labels = a.labels + EXCLUDED.labels, delivered = a.delivered + EXCLUDED.delivered,
      delivery_seconds = a.delivery_seconds + EXCLUDED.delivery_seconds, on_time = a.on_time + EXCLUDED.on_time,
      delayed = a.delayed + EXCLUDED.delayed, errors = a.errors + EXCLUDED.errors
--> statement-breakpoint
INSERT INTO analytics_return_reason_daily AS a (organisation_id, day, reason, count)
    SELECT r.organisation_id, analytics_day(r.created_at), coalesce(e.value->>'reason', 'other'), sum(r.s)::int
    FROM (SELECT 1 AS s, l.* FROM labels l) r, LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.reason_retour) = 'array' THEN r.reason_retour ELSE '[]'::jsonb END) e
    WHERE r.is_active AND r.status <> 'creating' AND r.is_return
    GROUP BY 1, 2, 3 HAVING sum(r.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, day, reason) DO UPDATE SET count = a.count + EXCLUDED.count
--> statement-breakpoint
INSERT INTO analytics_mail_daily AS a (organisation_id, day, mail_status, sent)
    SELECT r.organisation_id, analytics_day(coalesce(r.sent_at, r.created_at)), r.mail_status, sum(r.s)::int
    FROM (SELECT 1 AS s, m.* FROM tracking_mails m) r
    WHERE r.state IN ('sent', 'outbox') AND NOT r.is_test
    GROUP BY 1, 2, 3 HAVING sum(r.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, day, mail_status) DO UPDATE SET sent = a.sent + EXCLUDED.sent
--> statement-breakpoint
CREATE FUNCTION analytics_labels_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_label_daily AS a (organisation_id, dimension, day, key, is_return, labels, delivered, delivery_seconds, on_time, delayed, errors)
    SELECT r.organisation_id, d.dimension, f.day, d.key, r.is_return,
      sum(r.s)::int, sum(r.s * f.delivered)::int, sum(r.s * f.delivery_seconds)::bigint, sum(r.s * f.on_time)::int, sum(r.s * f.delayed)::int, sum(r.s * f.errors)::int
    FROM (SELECT 1 AS s, n.* FROM new_rows n) r, LATERAL analytics_label_facts(r.created_at, r.shipped_at, r.delivered_at, r.delayed_at, r.status, r.order_snapshot) f,
      LATERAL (VALUES ('all', ''), ('carrier', r.courier_class), ('country', f.country), ('shipment_type', r.shipment_type)) d(dimension, key)
    WHERE r.is_active AND r.status <> 'creating'
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(r.s) <> 0 OR sum(r.s * f.delivered) <> 0 OR sum(r.s * f.delivery_seconds) <> 0 OR sum(r.s * f.on_time) <> 0 OR sum(r.s * f.delayed) <> 0 OR sum(r.s * f.errors) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organisation_id, dimension, day, key, is_return) DO UPDATE SET labels = a.labels + EXCLUDED.labels, delivered = a.delivered + EXCLUDED.delivered,
      delivery_seconds = a.delivery_seconds + EXCLUDED.delivery_seconds, on_time = a.on_time + EXCLUDED.on_time,
      delayed = a.delayed + EXCLUDED.delayed, errors = a.errors + EXCLUDED.errors;
    INSERT INTO analytics_return_reason_daily AS a (organisation_id, day, reason, count)
    SELECT r.organisation_id, analytics_day(r.created_at), coalesce(e.value->>'reason', 'other'), sum(r.s)::int
    FROM (SELECT 1 AS s, n.* FROM new_rows n) r, LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.reason_retour) = 'array' THEN r.reason_retour ELSE '[]'::jsonb END) e
    WHERE r.is_active AND r.status <> 'creating' AND r.is_return
    GROUP BY 1, 2, 3 HAVING sum(r.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, day, reason) DO UPDATE SET count = a.count + EXCLUDED.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_label_daily AS a (organisation_id, dimension, day, key, is_return, labels, delivered, delivery_seconds, on_time, delayed, errors)
    SELECT r.organisation_id, d.dimension, f.day, d.key, r.is_return,
      sum(r.s)::int, sum(r.s * f.delivered)::int, sum(r.s * f.delivery_seconds)::bigint, sum(r.s * f.on_time)::int, sum(r.s * f.delayed)::int, sum(r.s * f.errors)::int
    FROM (SELECT -1 AS s, o.* FROM old_rows o UNION ALL SELECT 1 AS s, n.* FROM new_rows n) r, LATERAL analytics_label_facts(r.created_at, r.shipped_at, r.delivered_at, r.delayed_at, r.status, r.order_snapshot) f,
      LATERAL (VALUES ('all', ''), ('carrier', r.courier_class), ('country', f.country), ('shipment_type', r.shipment_type)) d(dimension, key)
    WHERE r.is_active AND r.status <> 'creating'
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(r.s) <> 0 OR sum(r.s * f.delivered) <> 0 OR sum(r.s * f.delivery_seconds) <> 0 OR sum(r.s * f.on_time) <> 0 OR sum(r.s * f.delayed) <> 0 OR sum(r.s * f.errors) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organisation_id, dimension, day, key, is_return) DO UPDATE SET labels = a.labels + EXCLUDED.labels, delivered = a.delivered + EXCLUDED.delivered,
      delivery_seconds = a.delivery_seconds + EXCLUDED.delivery_seconds, on_time = a.on_time + EXCLUDED.on_time,
      delayed = a.delayed + EXCLUDED.delayed, errors = a.errors + EXCLUDED.errors;
    INSERT INTO analytics_return_reason_daily AS a (organisation_id, day, reason, count)
    SELECT r.organisation_id, analytics_day(r.created_at), coalesce(e.value->>'reason', 'other'), sum(r.s)::int
    FROM (SELECT -1 AS s, o.* FROM old_rows o UNION ALL SELECT 1 AS s, n.* FROM new_rows n) r, LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.reason_retour) = 'array' THEN r.reason_retour ELSE '[]'::jsonb END) e
    WHERE r.is_active AND r.status <> 'creating' AND r.is_return
    GROUP BY 1, 2, 3 HAVING sum(r.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, day, reason) DO UPDATE SET count = a.count + EXCLUDED.count;
  ELSE
    INSERT INTO analytics_label_daily AS a (organisation_id, dimension, day, key, is_return, labels, delivered, delivery_seconds, on_time, delayed, errors)
    SELECT r.organisation_id, d.dimension, f.day, d.key, r.is_return,
      sum(r.s)::int, sum(r.s * f.delivered)::int, sum(r.s * f.delivery_seconds)::bigint, sum(r.s * f.on_time)::int, sum(r.s * f.delayed)::int, sum(r.s * f.errors)::int
    FROM (SELECT -1 AS s, o.* FROM old_rows o) r, LATERAL analytics_label_facts(r.created_at, r.shipped_at, r.delivered_at, r.delayed_at, r.status, r.order_snapshot) f,
      LATERAL (VALUES ('all', ''), ('carrier', r.courier_class), ('country', f.country), ('shipment_type', r.shipment_type)) d(dimension, key)
    WHERE r.is_active AND r.status <> 'creating'
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(r.s) <> 0 OR sum(r.s * f.delivered) <> 0 OR sum(r.s * f.delivery_seconds) <> 0 OR sum(r.s * f.on_time) <> 0 OR sum(r.s * f.delayed) <> 0 OR sum(r.s * f.errors) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organisation_id, dimension, day, key, is_return) DO UPDATE SET labels = a.labels + EXCLUDED.labels, delivered = a.delivered + EXCLUDED.delivered,
      delivery_seconds = a.delivery_seconds + EXCLUDED.delivery_seconds, on_time = a.on_time + EXCLUDED.on_time,
      delayed = a.delayed + EXCLUDED.delayed, errors = a.errors + EXCLUDED.errors;
    INSERT INTO analytics_return_reason_daily AS a (organisation_id, day, reason, count)
    SELECT r.organisation_id, analytics_day(r.created_at), coalesce(e.value->>'reason', 'other'), sum(r.s)::int
    FROM (SELECT -1 AS s, o.* FROM old_rows o) r, LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r.reason_retour) = 'array' THEN r.reason_retour ELSE '[]'::jsonb END) e
    WHERE r.is_active AND r.status <> 'creating' AND r.is_return
    GROUP BY 1, 2, 3 HAVING sum(r.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, day, reason) DO UPDATE SET count = a.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END
$$
--> statement-breakpoint
CREATE FUNCTION analytics_mails_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO analytics_mail_daily AS a (organisation_id, day, mail_status, sent)
    SELECT r.organisation_id, analytics_day(coalesce(r.sent_at, r.created_at)), r.mail_status, sum(r.s)::int
    FROM (SELECT 1 AS s, n.* FROM new_rows n) r
    WHERE r.state IN ('sent', 'outbox') AND NOT r.is_test
    GROUP BY 1, 2, 3 HAVING sum(r.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, day, mail_status) DO UPDATE SET sent = a.sent + EXCLUDED.sent;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO analytics_mail_daily AS a (organisation_id, day, mail_status, sent)
    SELECT r.organisation_id, analytics_day(coalesce(r.sent_at, r.created_at)), r.mail_status, sum(r.s)::int
    FROM (SELECT -1 AS s, o.* FROM old_rows o UNION ALL SELECT 1 AS s, n.* FROM new_rows n) r
    WHERE r.state IN ('sent', 'outbox') AND NOT r.is_test
    GROUP BY 1, 2, 3 HAVING sum(r.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, day, mail_status) DO UPDATE SET sent = a.sent + EXCLUDED.sent;
  ELSE
    INSERT INTO analytics_mail_daily AS a (organisation_id, day, mail_status, sent)
    SELECT r.organisation_id, analytics_day(coalesce(r.sent_at, r.created_at)), r.mail_status, sum(r.s)::int
    FROM (SELECT -1 AS s, o.* FROM old_rows o) r
    WHERE r.state IN ('sent', 'outbox') AND NOT r.is_test
    GROUP BY 1, 2, 3 HAVING sum(r.s) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organisation_id, day, mail_status) DO UPDATE SET sent = a.sent + EXCLUDED.sent;
  END IF;
  RETURN NULL;
END
$$
--> statement-breakpoint
CREATE TRIGGER labels_analytics_insert AFTER INSERT ON labels
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_labels_apply()
--> statement-breakpoint
CREATE TRIGGER labels_analytics_update AFTER UPDATE ON labels
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_labels_apply()
--> statement-breakpoint
CREATE TRIGGER labels_analytics_delete AFTER DELETE ON labels
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_labels_apply()
--> statement-breakpoint
CREATE TRIGGER tracking_mails_analytics_insert AFTER INSERT ON tracking_mails
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mails_apply()
--> statement-breakpoint
CREATE TRIGGER tracking_mails_analytics_update AFTER UPDATE ON tracking_mails
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mails_apply()
--> statement-breakpoint
CREATE TRIGGER tracking_mails_analytics_delete AFTER DELETE ON tracking_mails
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_mails_apply()
--> statement-breakpoint
-- A label that was ever delayed stays counted as delayed.
CREATE FUNCTION analytics_label_delayed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.delayed_at := now();
  RETURN NEW;
END
$$
--> statement-breakpoint
CREATE TRIGGER labels_analytics_delayed_at BEFORE INSERT OR UPDATE ON labels
  FOR EACH ROW WHEN (NEW.status = 'delayed' AND NEW.delayed_at IS NULL) EXECUTE FUNCTION analytics_label_delayed_at()
--> statement-breakpoint
-- A carrier's events move the label's first shipped, delivered and delayed moments (only ever earlier); the labels trigger recounts.
CREATE FUNCTION analytics_tracking_events_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE labels l SET
    shipped_at = CASE WHEN x.shipped IS NOT NULL AND (l.shipped_at IS NULL OR x.shipped < l.shipped_at) THEN x.shipped ELSE l.shipped_at END,
    delivered_at = CASE WHEN x.delivered IS NOT NULL AND (l.delivered_at IS NULL OR x.delivered < l.delivered_at) THEN x.delivered ELSE l.delivered_at END,
    delayed_at = CASE WHEN x.delayed IS NOT NULL AND (l.delayed_at IS NULL OR x.delayed < l.delayed_at) THEN x.delayed ELSE l.delayed_at END
  FROM (SELECT label_id,
          min(occurred_at) FILTER (WHERE status = 'shipped') AS shipped,
          min(occurred_at) FILTER (WHERE status = 'completed' AND event <> 'delivered_at_sender') AS delivered,
          min(occurred_at) FILTER (WHERE status = 'delayed') AS delayed
        FROM new_rows GROUP BY label_id) x
  WHERE l.id = x.label_id AND (
    (x.shipped IS NOT NULL AND (l.shipped_at IS NULL OR x.shipped < l.shipped_at)) OR
    (x.delivered IS NOT NULL AND (l.delivered_at IS NULL OR x.delivered < l.delivered_at)) OR
    (x.delayed IS NOT NULL AND (l.delayed_at IS NULL OR x.delayed < l.delayed_at)));
  RETURN NULL;
END
$$
--> statement-breakpoint
CREATE TRIGGER tracking_events_analytics_insert AFTER INSERT ON tracking_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics_tracking_events_apply()
--> statement-breakpoint
CREATE INDEX "analytics_return_reason_daily_day_idx" ON "analytics_return_reason_daily" ("organisation_id", "day");
