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
    property_id INTEGER NOT NULL REFERENCES properties (property_id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    counts TEXT NOT NULL,
    PRIMARY KEY (property_id, day)
) WITHOUT ROWID;

-- A home inserted here has its rows written again from its tours (all of them: a tour written
-- out of order changes its visitor's later tours' previous ones), then leaves. A home whose zone
-- is outside the catalogue has no clock and no rows; the report reads its tours.
CREATE TABLE home_tour_stale (property_id INTEGER NOT NULL);
CREATE TRIGGER home_tour_totals_write AFTER INSERT ON home_tour_stale BEGIN
    DELETE FROM home_tour_totals WHERE property_id = NEW.property_id;
    INSERT INTO home_tour_totals
    SELECT NEW.property_id, e.day,
        printf('%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d',
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
    FROM (SELECT CASE k.kind WHEN 0 THEN t.day WHEN 1 THEN t.previous ELSE t.previous2 END AS day,
                 k.kind,
                 CASE k.kind WHEN 0 THEN CAST(strftime('%w', t.local) AS INTEGER) END AS weekday,
                 CASE k.kind WHEN 0 THEN CAST(strftime('%H', t.local) AS INTEGER) END AS hour
          FROM (SELECT local, date(local) AS day,
                       lag(date(local)) OVER visitor AS previous,
                       lag(date(local), 2) OVER visitor AS previous2
                FROM (SELECT v.customer_id, v.visited_on, v.customer_visit_id,
                             datetime(v.visited_on, (SELECT c.offset_hours FROM zone_clocks c
                                 WHERE c.timezone = p.timezone AND c.starts_on <= v.visited_on
                                 ORDER BY c.starts_on DESC LIMIT 1) || ' hours') AS local
                      FROM properties p JOIN customer_visits v ON v.property_id = p.property_id
                      WHERE p.property_id = NEW.property_id AND v.visit_status_id = 156)
                WHERE local IS NOT NULL
                WINDOW visitor AS (PARTITION BY customer_id ORDER BY visited_on, customer_visit_id)) t,
               (SELECT 0 AS kind UNION ALL SELECT 1 UNION ALL SELECT 2) k) e
    WHERE e.day IS NOT NULL
    GROUP BY e.day
    WINDOW running AS (ORDER BY e.day);
    DELETE FROM home_tour_stale;
END;

-- A home's rows are written again whenever one of its tours is added, removed or changed (a
-- visit that becomes a tour or stops being one, moves home or visitor, or changes its time), and
-- when its zone changes. The rows go with the home; while a home is deleted its visits' deletes
-- find no home to write.
CREATE TRIGGER home_tour_totals_visit_insert AFTER INSERT ON customer_visits
    WHEN NEW.visit_status_id = 156
BEGIN
    INSERT INTO home_tour_stale VALUES (NEW.property_id);
END;
CREATE TRIGGER home_tour_totals_visit_delete AFTER DELETE ON customer_visits
    WHEN OLD.visit_status_id = 156
BEGIN
    INSERT INTO home_tour_stale
    SELECT property_id FROM properties WHERE property_id = OLD.property_id;
END;
CREATE TRIGGER home_tour_totals_visit_update
    AFTER UPDATE OF property_id, customer_id, visited_on, visit_status_id ON customer_visits
    WHEN (OLD.visit_status_id = 156 OR NEW.visit_status_id = 156)
        AND (NEW.property_id <> OLD.property_id OR NEW.customer_id <> OLD.customer_id
             OR NEW.visited_on <> OLD.visited_on OR NEW.visit_status_id IS NOT OLD.visit_status_id)
BEGIN
    INSERT INTO home_tour_stale SELECT OLD.property_id UNION SELECT NEW.property_id;
END;
CREATE TRIGGER home_tour_totals_home AFTER UPDATE OF timezone ON properties
    WHEN NEW.timezone IS NOT OLD.timezone
BEGIN
    INSERT INTO home_tour_stale VALUES (NEW.property_id);
END;

-- What is there already, home by home.
INSERT INTO home_tour_stale
SELECT DISTINCT property_id FROM customer_visits WHERE visit_status_id = 156;
