-- The profit center's tours outside staff hours, tallied as the tours are (docs/insights.md,
-- "Tallies"): each community's line counts the tours that began outside its staff hours, so an
-- enterprise's year is read from the tallies where it read every tour of the year.

-- The minute after midnight each clock text of staff hours names: `7:00 AM` as
-- domain::hours::format_clock writes it, and `07:00 AM` too.
CREATE TABLE clock_texts (text TEXT PRIMARY KEY, minute INTEGER NOT NULL);
INSERT INTO clock_texts (text, minute)
SELECT DISTINCT lpad(h.hour::text, greatest(w.width, length(h.hour::text)), '0') || ':' || lpad((m.minute % 60)::text, 2, '0')
       || CASE WHEN m.minute < 720 THEN ' AM' ELSE ' PM' END, m.minute
FROM generate_series(0, 1439) m (minute)
CROSS JOIN LATERAL (VALUES (CASE WHEN m.minute / 60 % 12 = 0 THEN 12 ELSE m.minute / 60 % 12 END)) h (hour)
CROSS JOIN (VALUES (1), (2)) w (width);

-- Each community's staffed windows of the week as its staff hours say (the console's default
-- week, 12:00 PM to 3:00 PM every day, for one without hours of its own), and their copy kept
-- for the tallies' writer to look up.
CREATE VIEW community_staff_windows AS
SELECT m.id AS community_id, (d ->> 'dayOfWeek')::smallint AS day_of_week,
       s.minute AS start_minute, e.minute AS end_minute
FROM communities m
CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(m.staff_hours::jsonb) = 'array'
    THEN m.staff_hours::jsonb ELSE '[]'::jsonb END) d
JOIN clock_texts s ON s.text = trim(d ->> 'staffHoursStart')
JOIN clock_texts e ON e.text = trim(d ->> 'staffHoursEnd')
WHERE m.staff_hours IS NOT NULL AND (d ->> 'isStaffAvailable')::boolean
UNION
SELECT m.id, d::smallint, 720, 900
FROM communities m CROSS JOIN generate_series(0, 6) d
WHERE m.staff_hours IS NULL;

CREATE TABLE staff_windows (
    community_id BIGINT NOT NULL,
    day_of_week SMALLINT NOT NULL,
    start_minute INTEGER NOT NULL,
    end_minute INTEGER NOT NULL,
    PRIMARY KEY (community_id, day_of_week, start_minute, end_minute)
);
INSERT INTO staff_windows SELECT * FROM community_staff_windows;

-- Whether a moment of a community's clock falls outside its staff hours (domain::insights::staffed).
-- PL/pgSQL keeps the plan for the session, where a SQL function with a subquery is planned at
-- each statement that calls it.
CREATE FUNCTION outside_staff_hours(community BIGINT, moment TIMESTAMP) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
DECLARE
    clock_minute INTEGER := (extract(hour FROM moment) * 60 + extract(minute FROM moment))::int;
BEGIN
    RETURN NOT EXISTS (
        SELECT 1 FROM staff_windows s
        WHERE s.community_id = community AND s.day_of_week = extract(dow FROM moment)::smallint
          AND s.start_minute <= clock_minute AND clock_minute < s.end_minute);
END;
$$;

ALTER TABLE community_tallies ADD COLUMN tours_outside BIGINT NOT NULL DEFAULT 0;
ALTER TABLE community_tallies DROP CONSTRAINT community_tallies_pkey,
    ADD PRIMARY KEY (builder_id, period, community_id) INCLUDE (visits, tours, offers, tours_outside);

-- The tallies' writer of 0060, each tour also counted outside staff hours when it began outside
-- its community's.
CREATE OR REPLACE FUNCTION insight_tallies_add(
    builders BIGINT[], communities BIGINT[], zones BIGINT[], instants TIMESTAMPTZ[],
    visit_signs BIGINT[], tour_signs BIGINT[], offer_signs BIGINT[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    WITH changes AS (
        SELECT c.builder_id, c.community_id, to_char(c.local, 'YYYY-MM-DD') AS day,
               CASE WHEN extract(day FROM c.local) <= 28 THEN to_char(c.local, 'YYYY-MM') || '/'
                   || ((extract(day FROM c.local)::int + 6) / 7) END AS week,
               to_char(c.local, 'YYYY-MM') AS month, extract(hour FROM c.local)::smallint AS hour,
               c.visits, c.tours, c.offers,
               CASE WHEN c.tours <> 0 AND outside_staff_hours(c.community_id, c.local)
                   THEN c.tours ELSE 0 END AS outside
        FROM (SELECT u.builder_id, u.community_id, home_clock(u.zone, u.at) AS local,
                     u.visits, u.tours, u.offers
              FROM unnest(builders, communities, zones, instants, visit_signs, tour_signs, offer_signs)
                   u (builder_id, community_id, zone, at, visits, tours, offers)) c
        WHERE c.local IS NOT NULL
    ), days AS (
        INSERT INTO builder_day_tallies AS t (builder_id, day, visits, tours)
        SELECT builder_id, day, SUM(visits), SUM(tours) FROM changes
        GROUP BY builder_id, day HAVING SUM(visits) <> 0 OR SUM(tours) <> 0
        ORDER BY builder_id, day
        ON CONFLICT (builder_id, day) DO UPDATE
            SET visits = t.visits + EXCLUDED.visits, tours = t.tours + EXCLUDED.tours
    ), hours AS (
        INSERT INTO builder_hour_tallies AS t (builder_id, period, hour, tours)
        SELECT builder_id, period, hour, SUM(tours)
        FROM (SELECT builder_id, day AS period, hour, tours FROM changes
              UNION ALL SELECT builder_id, month, hour, tours FROM changes) h
        GROUP BY builder_id, period, hour HAVING SUM(tours) <> 0
        ORDER BY builder_id, period, hour
        ON CONFLICT (builder_id, period, hour) DO UPDATE SET tours = t.tours + EXCLUDED.tours
    )
    INSERT INTO community_tallies AS t (builder_id, period, community_id, visits, tours, offers, tours_outside)
    SELECT builder_id, period, community_id, SUM(visits), SUM(tours), SUM(offers), SUM(outside)
    FROM (SELECT builder_id, day AS period, community_id, visits, tours, offers, outside FROM changes
          UNION ALL SELECT builder_id, week, community_id, visits, tours, offers, outside FROM changes
                    WHERE week IS NOT NULL
          UNION ALL SELECT builder_id, month, community_id, visits, tours, offers, outside FROM changes) m
    GROUP BY builder_id, period, community_id
    HAVING SUM(visits) <> 0 OR SUM(tours) <> 0 OR SUM(offers) <> 0 OR SUM(outside) <> 0
    ORDER BY builder_id, period, community_id
    ON CONFLICT (builder_id, period, community_id) DO UPDATE
        SET visits = t.visits + EXCLUDED.visits, tours = t.tours + EXCLUDED.tours,
            offers = t.offers + EXCLUDED.offers, tours_outside = t.tours_outside + EXCLUDED.tours_outside;
END;
$$;

-- A community's tours counted out (-1) or in (+1) again, on their homes' clocks.
CREATE FUNCTION community_tours_count(community BIGINT, direction BIGINT) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM insight_tallies_add(array_agg(v.builder_id), array_agg(p.community_id),
        array_agg(p.timezone), array_agg(v.visited_on), array_agg(0::bigint), array_agg(direction),
        array_agg(0::bigint))
    FROM properties p JOIN customer_visits v ON v.property_id = p.property_id
    WHERE p.community_id = community AND v.visit_status_id = 156
    HAVING COUNT(*) > 0;
END;
$$;

-- A community's staff hours written: its windows copied, and when they change its tours are
-- counted out under the old windows and in under the new (their tours net nothing).
CREATE FUNCTION staff_windows_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' THEN
        PERFORM community_tours_count(NEW.id, -1);
    END IF;
    DELETE FROM staff_windows WHERE community_id = NEW.id;
    INSERT INTO staff_windows SELECT * FROM community_staff_windows WHERE community_id = NEW.id;
    IF TG_OP = 'UPDATE' THEN
        PERFORM community_tours_count(NEW.id, 1);
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER staff_windows_insert AFTER INSERT ON communities
    FOR EACH ROW EXECUTE FUNCTION staff_windows_follow();
CREATE TRIGGER staff_windows_update AFTER UPDATE OF staff_hours ON communities
    FOR EACH ROW WHEN (NEW.staff_hours IS DISTINCT FROM OLD.staff_hours)
    EXECUTE FUNCTION staff_windows_follow();

-- 0060's finder of visitors' first steps, kept on the visitor's own visits and offers: while
-- the tables have no statistics (a database filling up), PostgreSQL ANDed the visitor's index
-- with the statuses' and read every tour for each visitor, and walked every offer in order of
-- time for the visitor's first (30 s for 2,000 visits). `+ 0` leaves the statuses' index out,
-- as `+` does on SQLite; `OFFSET 0` reads the visitor's own rows before they are ordered.
CREATE OR REPLACE FUNCTION first_steps_write(ids BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    UPDATE customers c SET first_tour_day = f.tour_day, first_tour_community_id = f.tour_community,
        first_offer_day = f.offer_day, first_offer_community_id = f.offer_community
    FROM (SELECT x.customer_id, t.day AS tour_day, t.community_id AS tour_community,
                 o.day AS offer_day, o.community_id AS offer_community
          FROM unnest(ids) x (customer_id)
          LEFT JOIN LATERAL (
              SELECT home_clock(p.timezone, v.visited_on)::date AS day, p.community_id
              FROM (SELECT property_id, visited_on, customer_visit_id FROM customer_visits
                    WHERE customer_id = x.customer_id AND visit_status_id + 0 = 156 OFFSET 0) v
              JOIN properties p ON p.property_id = v.property_id
              ORDER BY v.visited_on, v.customer_visit_id LIMIT 1) t ON TRUE
          LEFT JOIN LATERAL (
              SELECT home_clock(p.timezone, o.created_on)::date AS day, p.community_id
              FROM (SELECT property_id, created_on, id FROM offers
                    WHERE customer_id = x.customer_id OFFSET 0) o
              JOIN properties p ON p.property_id = o.property_id
              ORDER BY o.created_on, o.id LIMIT 1) o ON TRUE) f
    WHERE c.customer_id = f.customer_id
      AND (c.first_tour_day, c.first_tour_community_id, c.first_offer_day, c.first_offer_community_id)
          IS DISTINCT FROM (f.tour_day, f.tour_community, f.offer_day, f.offer_community);
END;
$$;

-- What is there already.
UPDATE community_tallies t SET tours_outside = n.outside
FROM (SELECT builder_id, period, community_id, COUNT(*) AS outside
      FROM (SELECT o.builder_id, o.community_id, to_char(o.local, 'YYYY-MM-DD') AS day,
                   CASE WHEN extract(day FROM o.local) <= 28 THEN to_char(o.local, 'YYYY-MM') || '/'
                       || ((extract(day FROM o.local)::int + 6) / 7) END AS week,
                   to_char(o.local, 'YYYY-MM') AS month
            FROM (SELECT v.builder_id, p.community_id, home_clock(p.timezone, v.visited_on) AS local
                  FROM customer_visits v JOIN properties p ON p.property_id = v.property_id
                  WHERE v.visit_status_id = 156) o
            WHERE o.local IS NOT NULL AND outside_staff_hours(o.community_id, o.local)) x
      CROSS JOIN LATERAL (VALUES (x.day), (x.week), (x.month)) k (period)
      WHERE k.period IS NOT NULL
      GROUP BY builder_id, period, community_id) n
WHERE t.builder_id = n.builder_id AND t.period = n.period AND t.community_id = n.community_id;

ANALYZE staff_windows;
ANALYZE community_tallies;
