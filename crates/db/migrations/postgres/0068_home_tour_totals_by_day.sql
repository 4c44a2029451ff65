-- Each home's running totals (migration 0064) are written again from the first day a change
-- reaches, not all of them: a tour written keeps the home's rows before that day where they lie.
-- Written whole at each tour, every home's rows lay together wherever its last tour put them, so
-- the rows before one day were spread over the table: an Export All of an enterprise's year on
-- the large world read each home's row before the period from 15,717 of the table's 19,599
-- pages, more than PostgreSQL's stock buffers hold, and read them from the kernel again on each
-- export. Written from the day on, the rows of a day lie with those written about then.
-- (SQLite keeps the table in the order of its key, a home's rows together: its migration 0068
-- changes nothing.)
DROP FUNCTION home_tour_totals_write(BIGINT[]);

-- Writes the rows of the homes `ids` again from each one's day of `froms` on (all its rows where
-- that is null), from all its tours: the running sums of the events on and after the day, added
-- to its row before the day. The caller holds the homes' locks.
CREATE FUNCTION home_tour_totals_write(ids BIGINT[], froms DATE[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM home_tour_totals t USING unnest(ids, froms) h (property_id, since)
    WHERE t.property_id = h.property_id AND (h.since IS NULL OR t.day >= h.since);
    INSERT INTO home_tour_totals
    WITH homes AS MATERIALIZED (
        SELECT h.property_id, h.since, b.counts
        FROM unnest(ids, froms) h (property_id, since)
        LEFT JOIN LATERAL (SELECT string_to_array(u.counts, ',')::bigint[] AS counts
                           FROM home_tour_totals u
                           WHERE u.property_id = h.property_id AND u.day < h.since
                           ORDER BY u.day DESC LIMIT 1) b ON true
    )
    SELECT e.property_id, e.day,
        concat_ws(',',
        coalesce(h.counts[1], 0) + SUM(COUNT(*) FILTER (WHERE e.kind = 0)) OVER running,
        coalesce(h.counts[2], 0) + SUM(COUNT(*) FILTER (WHERE e.kind = 1)) OVER running,
        coalesce(h.counts[3], 0) + SUM(COUNT(*) FILTER (WHERE e.kind = 2)) OVER running,
        coalesce(h.counts[4], 0) + SUM(COUNT(*) FILTER (WHERE e.weekday = 0)) OVER running,
        coalesce(h.counts[5], 0) + SUM(COUNT(*) FILTER (WHERE e.weekday = 1)) OVER running,
        coalesce(h.counts[6], 0) + SUM(COUNT(*) FILTER (WHERE e.weekday = 2)) OVER running,
        coalesce(h.counts[7], 0) + SUM(COUNT(*) FILTER (WHERE e.weekday = 3)) OVER running,
        coalesce(h.counts[8], 0) + SUM(COUNT(*) FILTER (WHERE e.weekday = 4)) OVER running,
        coalesce(h.counts[9], 0) + SUM(COUNT(*) FILTER (WHERE e.weekday = 5)) OVER running,
        coalesce(h.counts[10], 0) + SUM(COUNT(*) FILTER (WHERE e.weekday = 6)) OVER running,
        coalesce(h.counts[11], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 0)) OVER running,
        coalesce(h.counts[12], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 1)) OVER running,
        coalesce(h.counts[13], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 2)) OVER running,
        coalesce(h.counts[14], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 3)) OVER running,
        coalesce(h.counts[15], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 4)) OVER running,
        coalesce(h.counts[16], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 5)) OVER running,
        coalesce(h.counts[17], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 6)) OVER running,
        coalesce(h.counts[18], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 7)) OVER running,
        coalesce(h.counts[19], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 8)) OVER running,
        coalesce(h.counts[20], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 9)) OVER running,
        coalesce(h.counts[21], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 10)) OVER running,
        coalesce(h.counts[22], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 11)) OVER running,
        coalesce(h.counts[23], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 12)) OVER running,
        coalesce(h.counts[24], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 13)) OVER running,
        coalesce(h.counts[25], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 14)) OVER running,
        coalesce(h.counts[26], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 15)) OVER running,
        coalesce(h.counts[27], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 16)) OVER running,
        coalesce(h.counts[28], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 17)) OVER running,
        coalesce(h.counts[29], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 18)) OVER running,
        coalesce(h.counts[30], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 19)) OVER running,
        coalesce(h.counts[31], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 20)) OVER running,
        coalesce(h.counts[32], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 21)) OVER running,
        coalesce(h.counts[33], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 22)) OVER running,
        coalesce(h.counts[34], 0) + SUM(COUNT(*) FILTER (WHERE e.hour = 23)) OVER running)
    -- Each tour is three events: itself on its day (with its weekday and hour), and a repeat on
    -- the day of its visitor's previous tour and a second repeat on the day of the one before.
    FROM (SELECT t.property_id,
                 CASE k.kind WHEN 0 THEN t.day WHEN 1 THEN t.previous ELSE t.previous2 END AS day,
                 k.kind,
                 CASE k.kind WHEN 0 THEN extract(dow FROM t.local)::int END AS weekday,
                 CASE k.kind WHEN 0 THEN extract(hour FROM t.local)::int END AS hour
          FROM (SELECT property_id, local, local::date AS day,
                       lag(local::date) OVER visitor AS previous,
                       lag(local::date, 2) OVER visitor AS previous2
                FROM (SELECT v.property_id, v.customer_id, v.visited_on, v.customer_visit_id,
                             home_clock(p.timezone, v.visited_on) AS local
                      FROM properties p JOIN customer_visits v ON v.property_id = p.property_id
                      WHERE p.property_id = ANY (ids) AND v.visit_status_id = 156) s
                WHERE local IS NOT NULL
                WINDOW visitor AS (PARTITION BY property_id, customer_id
                                   ORDER BY visited_on, customer_visit_id)) t
          CROSS JOIN (VALUES (0), (1), (2)) k (kind)) e
    JOIN homes h ON h.property_id = e.property_id
    WHERE e.day IS NOT NULL AND (h.since IS NULL OR e.day >= h.since)
    GROUP BY e.property_id, e.day, h.counts
    WINDOW running AS (PARTITION BY e.property_id ORDER BY e.day);
END;
$$;

-- Writes the rows of the homes of the tours `changed` (visits as they were or are now; those not
-- tours are left out) from the first day they reach: a tour's own day, and the days of its
-- visitor's previous tour of the home and the one before that, whose repeats it adds to or takes
-- away (its visitor's later tours' previous ones change only to it or to those two). The tours
-- before it are read leaving out the other tours changed, which can only make the day earlier.
-- Two writers of one home take turns, each locking the home first (in key order, so they wait
-- rather than deadlock) and then reading the tours the other committed. A home being deleted
-- is not found, and its rows go with it.
CREATE FUNCTION home_tour_totals_rewrite(changed customer_visits[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    ids BIGINT[];
    froms DATE[];
BEGIN
    IF cardinality(changed) = 0 THEN
        RETURN;
    END IF;
    PERFORM 1 FROM properties WHERE property_id IN (SELECT property_id FROM unnest(changed))
    ORDER BY property_id FOR NO KEY UPDATE;
    SELECT array_agg(r.property_id ORDER BY r.property_id), array_agg(r.since ORDER BY r.property_id)
    INTO ids, froms
    FROM (SELECT c.property_id,
                 min(least(home_clock(p.timezone, c.visited_on)::date,
                           (SELECT min(home_clock(p.timezone, o.visited_on)::date)
                            FROM (SELECT o.visited_on FROM customer_visits o
                                  WHERE o.property_id = c.property_id AND o.visit_status_id = 156
                                    AND o.customer_id = c.customer_id
                                    AND (o.visited_on, o.customer_visit_id)
                                        < (c.visited_on, c.customer_visit_id)
                                    AND o.customer_visit_id NOT IN (SELECT customer_visit_id
                                                                    FROM unnest(changed))
                                  ORDER BY o.visited_on DESC, o.customer_visit_id DESC
                                  LIMIT 2) o))) AS since
          FROM unnest(changed) c JOIN properties p ON p.property_id = c.property_id
          WHERE c.visit_status_id = 156
          GROUP BY c.property_id) r;
    IF ids IS NOT NULL THEN
        PERFORM home_tour_totals_write(ids, froms);
    END IF;
END;
$$;

-- As in migration 0064, with the tours changed handed on as they were and are. A zone changed
-- writes the home's rows whole (the update holds the home's lock).
CREATE OR REPLACE FUNCTION home_tour_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'properties' THEN
        PERFORM home_tour_totals_write(ARRAY[NEW.property_id], ARRAY[NULL::date]);
    ELSIF TG_OP = 'INSERT' THEN
        PERFORM home_tour_totals_rewrite(ARRAY(SELECT n::customer_visits FROM new_rows n
                                               WHERE n.visit_status_id = 156));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM home_tour_totals_rewrite(ARRAY(SELECT o::customer_visits FROM old_rows o
                                               WHERE o.visit_status_id = 156));
    ELSE
        PERFORM home_tour_totals_rewrite(ARRAY(
            SELECT v.visit
            FROM new_rows n JOIN old_rows o ON o.customer_visit_id = n.customer_visit_id
            CROSS JOIN LATERAL (VALUES (n::customer_visits), (o::customer_visits)) v (visit)
            WHERE (v.visit).visit_status_id = 156
              AND (n.property_id, n.customer_id, n.visited_on, n.visit_status_id)
                  IS DISTINCT FROM (o.property_id, o.customer_id, o.visited_on, o.visit_status_id)));
    END IF;
    RETURN NULL;
END;
$$;
