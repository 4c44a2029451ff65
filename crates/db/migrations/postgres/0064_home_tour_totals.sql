-- Each home's tours as running totals by day of its clock (docs/reports.md, "Running totals"),
-- kept by triggers, so the property tour report reads two rows a home (the last day before the
-- period and the home's last day) where it read every tour of the period: Export All of an
-- enterprise's year read 641,115 tours for 47,429 homes.
--
-- A row for each day a home was toured, holding what happened up to the end of that day, as 34
-- counts in one text ("12,3,1,..."): its tours; the tours whose same visitor's previous tour of
-- the home (repeats), or the one before that (second repeats), is on or before the day; the
-- tours on each weekday, Sunday first; and those in each hour of the clock. A visitor with k
-- tours in a period that has no tours after it adds k - 1 to the repeats counted since the
-- period's start and k - 2 (or 0) to the second repeats: the difference is one for each visitor
-- who came back. One text, not 34 columns: each column read through sqlx is a value copied and
-- freed on its own, which cost the report more than finding the rows.
CREATE TABLE home_tour_totals (
    property_id BIGINT NOT NULL REFERENCES properties (property_id) ON DELETE CASCADE,
    day DATE NOT NULL,
    counts TEXT NOT NULL,
    PRIMARY KEY (property_id, day)
);

-- Writes the given homes' rows again from all their tours (a tour written out of order changes
-- its visitor's later tours' previous ones). Two writers of one home take turns, each locking
-- the home first (in key order, so they wait rather than deadlock) and then reading the tours
-- the other committed. A home whose zone is outside the catalogue has no clock and no rows; the
-- report reads its tours.
CREATE FUNCTION home_tour_totals_write(ids BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF cardinality(ids) = 0 THEN
        RETURN;
    END IF;
    PERFORM 1 FROM properties WHERE property_id = ANY (ids) ORDER BY property_id FOR NO KEY UPDATE;
    DELETE FROM home_tour_totals WHERE property_id = ANY (ids);
    INSERT INTO home_tour_totals
    SELECT e.property_id, e.day,
        concat_ws(',',
        SUM(COUNT(*) FILTER (WHERE e.kind = 0)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.kind = 1)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.kind = 2)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = 0)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = 1)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = 2)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = 3)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = 4)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = 5)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = 6)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 0)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 1)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 2)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 3)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 4)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 5)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 6)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 7)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 8)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 9)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 10)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 11)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 12)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 13)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 14)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 15)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 16)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 17)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 18)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 19)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 20)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 21)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 22)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = 23)) OVER running)
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
    WHERE e.day IS NOT NULL
    GROUP BY e.property_id, e.day
    WINDOW running AS (PARTITION BY e.property_id ORDER BY e.day);
END;
$$;

-- A home's rows are written again whenever one of its tours is added, removed or changed (a
-- visit that becomes a tour or stops being one, moves home or visitor, or changes its time), and
-- when its zone changes. The rows go with the home; while a home is deleted its visits' deletes
-- find no home to write.
CREATE FUNCTION home_tour_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'properties' THEN
        PERFORM home_tour_totals_write(ARRAY[NEW.property_id]);
    ELSIF TG_OP = 'INSERT' THEN
        PERFORM home_tour_totals_write(ARRAY(SELECT DISTINCT property_id FROM new_rows
                                             WHERE visit_status_id = 156 ORDER BY 1));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM home_tour_totals_write(ARRAY(SELECT DISTINCT property_id FROM old_rows
                                             WHERE visit_status_id = 156 ORDER BY 1));
    ELSE
        PERFORM home_tour_totals_write(ARRAY(
            SELECT DISTINCT h.property_id
            FROM new_rows n JOIN old_rows o ON o.customer_visit_id = n.customer_visit_id
            CROSS JOIN LATERAL (VALUES (n.property_id), (o.property_id)) h (property_id)
            WHERE (n.visit_status_id = 156 OR o.visit_status_id = 156)
              AND (n.property_id, n.customer_id, n.visited_on, n.visit_status_id)
                  IS DISTINCT FROM (o.property_id, o.customer_id, o.visited_on, o.visit_status_id)
            ORDER BY 1));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER home_tour_totals_visits_insert AFTER INSERT ON customer_visits
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION home_tour_totals_follow();
CREATE TRIGGER home_tour_totals_visits_update AFTER UPDATE ON customer_visits
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
    EXECUTE FUNCTION home_tour_totals_follow();
CREATE TRIGGER home_tour_totals_visits_delete AFTER DELETE ON customer_visits
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION home_tour_totals_follow();
CREATE TRIGGER home_tour_totals_home AFTER UPDATE OF timezone ON properties
    FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone)
    EXECUTE FUNCTION home_tour_totals_follow();

-- What is there already.
SELECT home_tour_totals_write(ARRAY(SELECT DISTINCT property_id FROM customer_visits
                                    WHERE visit_status_id = 156 ORDER BY 1));
ANALYZE home_tour_totals;
