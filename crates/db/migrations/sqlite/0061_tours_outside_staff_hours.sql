-- The profit center's tours outside staff hours, tallied as the tours are (docs/insights.md,
-- "Tallies"): each community's line counts the tours that began outside its staff hours, so an
-- enterprise's year is read from the tallies where it read every tour of the year.

-- The minute after midnight each clock text of staff hours names: `7:00 AM` as
-- domain::hours::format_clock writes it, and `07:00 AM` too.
CREATE TABLE clock_texts (text TEXT PRIMARY KEY, minute INTEGER NOT NULL) WITHOUT ROWID;
WITH RECURSIVE minutes (minute) AS (SELECT 0 UNION ALL SELECT minute + 1 FROM minutes WHERE minute < 1439)
INSERT INTO clock_texts (text, minute)
SELECT printf(w.format, CASE WHEN minute / 60 % 12 = 0 THEN 12 ELSE minute / 60 % 12 END,
              minute % 60, CASE WHEN minute < 720 THEN 'AM' ELSE 'PM' END), minute
FROM minutes, (SELECT '%d:%02d %s' AS format UNION ALL SELECT '%02d:%02d %s') w
WHERE true
ON CONFLICT (text) DO NOTHING;

-- Each community's staffed windows of the week as its staff hours say (the console's default
-- week, 12:00 PM to 3:00 PM every day, for one without hours of its own), and their copy kept
-- for the tallies' writer to look up.
CREATE VIEW community_staff_windows AS
SELECT m.id AS community_id, CAST(json_extract(d.value, '$.dayOfWeek') AS INTEGER) AS day_of_week,
       s.minute AS start_minute, e.minute AS end_minute
FROM communities m
JOIN json_each(CASE WHEN json_valid(m.staff_hours) AND json_type(m.staff_hours) = 'array'
    THEN m.staff_hours ELSE '[]' END) d
JOIN clock_texts s ON s.text = trim(json_extract(d.value, '$.staffHoursStart'))
JOIN clock_texts e ON e.text = trim(json_extract(d.value, '$.staffHoursEnd'))
WHERE m.staff_hours IS NOT NULL AND json_extract(d.value, '$.isStaffAvailable') = 1
UNION
SELECT m.id, d.value, 720, 900
FROM communities m JOIN json_each('[0, 1, 2, 3, 4, 5, 6]') d
WHERE m.staff_hours IS NULL;

CREATE TABLE staff_windows (
    community_id INTEGER NOT NULL,
    day_of_week INTEGER NOT NULL,
    start_minute INTEGER NOT NULL,
    end_minute INTEGER NOT NULL,
    PRIMARY KEY (community_id, day_of_week, start_minute, end_minute)
) WITHOUT ROWID;
INSERT INTO staff_windows SELECT * FROM community_staff_windows;

ALTER TABLE community_tallies ADD COLUMN tours_outside INTEGER NOT NULL DEFAULT 0;

-- The tallies' writer of 0060, each tour also counted outside staff hours when it began
-- outside its community's (domain::insights::staffed).
DROP TRIGGER insight_local_changes_count;
CREATE TRIGGER insight_local_changes_count AFTER INSERT ON insight_local_changes BEGIN
    INSERT INTO builder_day_tallies (builder_id, day, visits, tours)
    SELECT NEW.builder_id, date(NEW.local), NEW.visits, NEW.tours
    WHERE NEW.visits <> 0 OR NEW.tours <> 0
    ON CONFLICT (builder_id, day) DO UPDATE
        SET visits = visits + excluded.visits, tours = tours + excluded.tours;
    INSERT INTO builder_hour_tallies (builder_id, period, hour, tours)
    SELECT NEW.builder_id, p.period, CAST(strftime('%H', NEW.local) AS INTEGER), NEW.tours
    FROM (SELECT date(NEW.local) AS period UNION ALL SELECT strftime('%Y-%m', NEW.local)) p
    WHERE NEW.tours <> 0
    ON CONFLICT (builder_id, period, hour) DO UPDATE SET tours = tours + excluded.tours;
    INSERT INTO community_tallies (builder_id, period, community_id, visits, tours, offers, tours_outside)
    SELECT NEW.builder_id, p.period, NEW.community_id, NEW.visits, NEW.tours, NEW.offers, o.outside
    FROM (SELECT date(NEW.local) AS period
          UNION ALL SELECT strftime('%Y-%m/', NEW.local) || ((CAST(strftime('%d', NEW.local) AS INTEGER) + 6) / 7)
          WHERE CAST(strftime('%d', NEW.local) AS INTEGER) <= 28
          UNION ALL SELECT strftime('%Y-%m', NEW.local)) p,
         (SELECT CASE WHEN NEW.tours <> 0 AND NOT EXISTS (
              SELECT 1 FROM staff_windows s
              WHERE s.community_id = NEW.community_id
                AND s.day_of_week = CAST(strftime('%w', NEW.local) AS INTEGER)
                AND s.start_minute <= c.minute AND c.minute < s.end_minute)
              THEN NEW.tours ELSE 0 END AS outside
          FROM (SELECT CAST(strftime('%H', NEW.local) AS INTEGER) * 60
                       + CAST(strftime('%M', NEW.local) AS INTEGER) AS minute) c) o
    WHERE true
    ON CONFLICT (builder_id, period, community_id) DO UPDATE
        SET visits = visits + excluded.visits, tours = tours + excluded.tours,
            offers = offers + excluded.offers, tours_outside = tours_outside + excluded.tours_outside;
    DELETE FROM insight_local_changes;
END;

-- A community's staff hours written: its windows copied, and when they change its tours are
-- counted out under the old windows and in under the new (their tours net nothing).
CREATE TRIGGER staff_windows_insert AFTER INSERT ON communities BEGIN
    DELETE FROM staff_windows WHERE community_id = NEW.id;
    INSERT INTO staff_windows SELECT * FROM community_staff_windows WHERE community_id = NEW.id;
END;
CREATE TRIGGER staff_windows_update AFTER UPDATE OF staff_hours ON communities
    WHEN NEW.staff_hours IS NOT OLD.staff_hours
BEGIN
    INSERT INTO insight_changes
    SELECT v.builder_id, p.community_id, p.timezone, v.visited_on, 0, -1, 0
    FROM properties p JOIN customer_visits v ON v.property_id = p.property_id
    WHERE p.community_id = NEW.id AND +v.visit_status_id = 156;
    DELETE FROM staff_windows WHERE community_id = NEW.id;
    INSERT INTO staff_windows SELECT * FROM community_staff_windows WHERE community_id = NEW.id;
    INSERT INTO insight_changes
    SELECT v.builder_id, p.community_id, p.timezone, v.visited_on, 0, 1, 0
    FROM properties p JOIN customer_visits v ON v.property_id = p.property_id
    WHERE p.community_id = NEW.id AND +v.visit_status_id = 156;
END;

-- What is there already.
CREATE TABLE outside_fill AS
SELECT builder_id, community_id, local
FROM (SELECT v.builder_id, p.community_id,
             datetime(v.visited_on, (SELECT c.offset_hours FROM zone_clocks c
                                     WHERE c.timezone = p.timezone AND c.starts_on <= v.visited_on
                                     ORDER BY c.starts_on DESC LIMIT 1) || ' hours') AS local
      FROM customer_visits v JOIN properties p ON p.property_id = v.property_id
      WHERE v.visit_status_id = 156) t
WHERE local IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM staff_windows s
    WHERE s.community_id = t.community_id AND s.day_of_week = CAST(strftime('%w', t.local) AS INTEGER)
      AND s.start_minute <= CAST(strftime('%H', t.local) AS INTEGER) * 60 + CAST(strftime('%M', t.local) AS INTEGER)
      AND CAST(strftime('%H', t.local) AS INTEGER) * 60 + CAST(strftime('%M', t.local) AS INTEGER) < s.end_minute);
UPDATE community_tallies SET tours_outside = n.outside
FROM (SELECT builder_id, period, community_id, COUNT(*) AS outside
      FROM (SELECT builder_id, date(local) AS period, community_id FROM outside_fill
            UNION ALL
            SELECT builder_id, strftime('%Y-%m/', local) || ((CAST(strftime('%d', local) AS INTEGER) + 6) / 7),
                   community_id
            FROM outside_fill WHERE CAST(strftime('%d', local) AS INTEGER) <= 28
            UNION ALL
            SELECT builder_id, strftime('%Y-%m', local), community_id FROM outside_fill)
      GROUP BY builder_id, period, community_id) n
WHERE community_tallies.builder_id = n.builder_id AND community_tallies.period = n.period
  AND community_tallies.community_id = n.community_id;
DROP TABLE outside_fill;
