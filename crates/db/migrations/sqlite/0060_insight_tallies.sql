-- The insights' tallies (docs/insights.md): visits, tours and offers counted by the day and month
-- of the home's clock, kept by triggers, so an enterprise's year is read from a few thousand
-- rows where it read every visit of the year (about 1.3 million on the large world).

-- The offsets of the four zones' clocks (catalogue 51-54), each from the instant it begins:
-- standard time, and daylight time from the second Sunday of March, 2:00 AM, to the first Sunday
-- of November, 2:00 AM (domain::zones). A zone outside the catalogue has no clock. Instants are
-- written as the visits' are (RFC 3339, UTC), so they compare as text.
CREATE TABLE zone_clocks (
    timezone INTEGER NOT NULL,
    starts_on TEXT NOT NULL,
    offset_hours INTEGER NOT NULL,
    PRIMARY KEY (timezone, starts_on)
) WITHOUT ROWID;
WITH RECURSIVE years (year) AS (SELECT 1970 UNION ALL SELECT year + 1 FROM years WHERE year < 2200),
zones (timezone, standard) AS (VALUES (51, -7), (52, -5), (53, -6), (54, -8))
INSERT INTO zone_clocks (timezone, starts_on, offset_hours)
SELECT timezone, strftime('%Y-%m-%dT%H:%M:%S+00:00', date(printf('%04d-03-08', year), 'weekday 0'),
    (2 - standard) || ' hours'), standard + 1
FROM zones, years
UNION ALL
SELECT timezone, strftime('%Y-%m-%dT%H:%M:%S+00:00', date(printf('%04d-11-01', year), 'weekday 0'),
    (1 - standard) || ' hours'), standard
FROM zones, years
UNION ALL
SELECT timezone, '1900-01-01T00:00:00+00:00', standard FROM zones;

-- A builder's visits and tours by day (yyyy-MM-dd): tours over time and by weekday.
CREATE TABLE builder_day_tallies (
    builder_id INTEGER NOT NULL,
    day TEXT NOT NULL,
    visits INTEGER NOT NULL,
    tours INTEGER NOT NULL,
    PRIMARY KEY (builder_id, day)
) WITHOUT ROWID;
-- A builder's tours by hour of the clock, in each day and in each month (yyyy-MM): tours by
-- hour are read from the range's whole months and the days of its partial ones.
CREATE TABLE builder_hour_tallies (
    builder_id INTEGER NOT NULL,
    period TEXT NOT NULL,
    hour INTEGER NOT NULL,
    tours INTEGER NOT NULL,
    PRIMARY KEY (builder_id, period, hour)
) WITHOUT ROWID;
-- A community's visits, tours and offers in each day, each week of a month (yyyy-MM/1 for the
-- 1st to the 7th ... yyyy-MM/4 for the 22nd to the 28th) and each month: its line. A range's
-- whole months and weeks are read, and only the days left over. The key leads with the builder,
-- so one builder's range is one stretch of the table.
CREATE TABLE community_tallies (
    builder_id INTEGER NOT NULL,
    period TEXT NOT NULL,
    community_id INTEGER NOT NULL,
    visits INTEGER NOT NULL,
    tours INTEGER NOT NULL,
    offers INTEGER NOT NULL,
    PRIMARY KEY (builder_id, period, community_id)
) WITHOUT ROWID;

-- The tallies' writer: a change inserted here (a visit or an offer, with its home's community
-- and zone, its counts signed: +1 in, -1 out) is read on the home's clock into
-- insight_local_changes, whose trigger counts it in; both rows are then removed.
CREATE TABLE insight_changes (
    builder_id INTEGER NOT NULL,
    community_id INTEGER NOT NULL,
    zone INTEGER,
    at TEXT NOT NULL,
    visits INTEGER NOT NULL,
    tours INTEGER NOT NULL,
    offers INTEGER NOT NULL
);
CREATE TABLE insight_local_changes (
    builder_id INTEGER NOT NULL,
    community_id INTEGER NOT NULL,
    local TEXT NOT NULL,
    visits INTEGER NOT NULL,
    tours INTEGER NOT NULL,
    offers INTEGER NOT NULL
);
CREATE TRIGGER insight_changes_read AFTER INSERT ON insight_changes BEGIN
    INSERT INTO insight_local_changes (builder_id, community_id, local, visits, tours, offers)
    SELECT NEW.builder_id, NEW.community_id, datetime(NEW.at, c.offset_hours || ' hours'),
           NEW.visits, NEW.tours, NEW.offers
    FROM (SELECT offset_hours FROM zone_clocks
          WHERE timezone = NEW.zone AND starts_on <= NEW.at ORDER BY starts_on DESC LIMIT 1) c;
    DELETE FROM insight_changes;
END;
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
    INSERT INTO community_tallies (builder_id, period, community_id, visits, tours, offers)
    SELECT NEW.builder_id, p.period, NEW.community_id, NEW.visits, NEW.tours, NEW.offers
    FROM (SELECT date(NEW.local) AS period
          UNION ALL SELECT strftime('%Y-%m/', NEW.local) || ((CAST(strftime('%d', NEW.local) AS INTEGER) + 6) / 7)
          WHERE CAST(strftime('%d', NEW.local) AS INTEGER) <= 28
          UNION ALL SELECT strftime('%Y-%m', NEW.local)) p
    WHERE true
    ON CONFLICT (builder_id, period, community_id) DO UPDATE
        SET visits = visits + excluded.visits, tours = tours + excluded.tours,
            offers = offers + excluded.offers;
    DELETE FROM insight_local_changes;
END;

-- A visitor's first tour and first offer: the day on the home's clock and the home's
-- community, so the funnel counts the visitors who first toured, or first made an offer, in a
-- range from an index. A visitor inserted into first_steps_stale has both found again. (The
-- `+` keeps SQLite on the visitor's own visits: without statistics it would read every tour
-- by the index of statuses.)
ALTER TABLE customers ADD COLUMN first_tour_day TEXT;
ALTER TABLE customers ADD COLUMN first_tour_community_id INTEGER;
ALTER TABLE customers ADD COLUMN first_offer_day TEXT;
ALTER TABLE customers ADD COLUMN first_offer_community_id INTEGER;
CREATE TABLE first_steps_stale (customer_id INTEGER NOT NULL);
CREATE TRIGGER first_steps_write AFTER INSERT ON first_steps_stale BEGIN
    UPDATE customers SET (first_tour_day, first_tour_community_id) = (SELECT date(v.visited_on, (SELECT c.offset_hours FROM zone_clocks c
                                   WHERE c.timezone = p.timezone AND c.starts_on <= v.visited_on
                                   ORDER BY c.starts_on DESC LIMIT 1) || ' hours'),
               p.community_id
        FROM customer_visits v JOIN properties p ON p.property_id = v.property_id
        WHERE v.customer_id = NEW.customer_id AND +v.visit_status_id = 156
        ORDER BY v.visited_on, v.customer_visit_id LIMIT 1),
        (first_offer_day, first_offer_community_id) = (SELECT date(o.created_on, (SELECT c.offset_hours FROM zone_clocks c
                                   WHERE c.timezone = p.timezone AND c.starts_on <= o.created_on
                                   ORDER BY c.starts_on DESC LIMIT 1) || ' hours'),
               p.community_id
        FROM offers o JOIN properties p ON p.property_id = o.property_id
        WHERE o.customer_id = NEW.customer_id
        ORDER BY o.created_on, o.id LIMIT 1)
    WHERE customer_id = NEW.customer_id;
    DELETE FROM first_steps_stale;
END;

CREATE TRIGGER insight_tallies_visit_insert AFTER INSERT ON customer_visits BEGIN
    INSERT INTO insight_changes
    SELECT NEW.builder_id, p.community_id, p.timezone, NEW.visited_on, 1, NEW.visit_status_id IS 156, 0
    FROM properties p WHERE p.property_id = NEW.property_id;
    INSERT INTO first_steps_stale SELECT NEW.customer_id WHERE NEW.visit_status_id = 156;
END;
-- A home being deleted has taken its visits and offers out already (below): the cascade's
-- deletes no longer find it.
CREATE TRIGGER insight_tallies_visit_delete AFTER DELETE ON customer_visits BEGIN
    INSERT INTO insight_changes
    SELECT OLD.builder_id, p.community_id, p.timezone, OLD.visited_on, -1, -(OLD.visit_status_id IS 156), 0
    FROM properties p WHERE p.property_id = OLD.property_id;
    INSERT INTO first_steps_stale SELECT OLD.customer_id WHERE OLD.visit_status_id = 156;
END;
CREATE TRIGGER insight_tallies_visit_update
    AFTER UPDATE OF builder_id, property_id, customer_id, visited_on, visit_status_id ON customer_visits
    WHEN NEW.builder_id <> OLD.builder_id OR NEW.property_id <> OLD.property_id
        OR NEW.customer_id <> OLD.customer_id OR NEW.visited_on <> OLD.visited_on
        OR NEW.visit_status_id IS NOT OLD.visit_status_id
BEGIN
    INSERT INTO insight_changes
    SELECT OLD.builder_id, p.community_id, p.timezone, OLD.visited_on, -1, -(OLD.visit_status_id IS 156), 0
    FROM properties p WHERE p.property_id = OLD.property_id;
    INSERT INTO insight_changes
    SELECT NEW.builder_id, p.community_id, p.timezone, NEW.visited_on, 1, NEW.visit_status_id IS 156, 0
    FROM properties p WHERE p.property_id = NEW.property_id;
    INSERT INTO first_steps_stale SELECT OLD.customer_id UNION SELECT NEW.customer_id;
END;
CREATE TRIGGER insight_tallies_offer_insert AFTER INSERT ON offers BEGIN
    INSERT INTO insight_changes
    SELECT NEW.builder_id, p.community_id, p.timezone, NEW.created_on, 0, 0, 1
    FROM properties p WHERE p.property_id = NEW.property_id;
    INSERT INTO first_steps_stale VALUES (NEW.customer_id);
END;
CREATE TRIGGER insight_tallies_offer_delete AFTER DELETE ON offers BEGIN
    INSERT INTO insight_changes
    SELECT OLD.builder_id, p.community_id, p.timezone, OLD.created_on, 0, 0, -1
    FROM properties p WHERE p.property_id = OLD.property_id;
    INSERT INTO first_steps_stale VALUES (OLD.customer_id);
END;
CREATE TRIGGER insight_tallies_offer_update
    AFTER UPDATE OF builder_id, property_id, customer_id, created_on ON offers
    WHEN NEW.builder_id <> OLD.builder_id OR NEW.property_id <> OLD.property_id
        OR NEW.customer_id <> OLD.customer_id OR NEW.created_on <> OLD.created_on
BEGIN
    INSERT INTO insight_changes
    SELECT OLD.builder_id, p.community_id, p.timezone, OLD.created_on, 0, 0, -1
    FROM properties p WHERE p.property_id = OLD.property_id;
    INSERT INTO insight_changes
    SELECT NEW.builder_id, p.community_id, p.timezone, NEW.created_on, 0, 0, 1
    FROM properties p WHERE p.property_id = NEW.property_id;
    INSERT INTO first_steps_stale SELECT OLD.customer_id UNION SELECT NEW.customer_id;
END;
-- A home that moves community, zone or builder moves its visits and offers with it.
CREATE TRIGGER insight_tallies_home AFTER UPDATE OF builder_id, community_id, timezone ON properties
    WHEN NEW.builder_id <> OLD.builder_id OR NEW.community_id <> OLD.community_id
        OR NEW.timezone IS NOT OLD.timezone
BEGIN
    INSERT INTO insight_changes
    SELECT v.builder_id, s.community_id, s.zone, v.visited_on, s.sign, s.sign * (v.visit_status_id IS 156), 0
    FROM customer_visits v,
         (SELECT -1 AS sign, OLD.community_id AS community_id, OLD.timezone AS zone
          UNION ALL SELECT 1, NEW.community_id, NEW.timezone) s
    WHERE v.property_id = NEW.property_id;
    INSERT INTO insight_changes
    SELECT o.builder_id, s.community_id, s.zone, o.created_on, 0, 0, s.sign
    FROM offers o,
         (SELECT -1 AS sign, OLD.community_id AS community_id, OLD.timezone AS zone
          UNION ALL SELECT 1, NEW.community_id, NEW.timezone) s
    WHERE o.property_id = NEW.property_id;
    INSERT INTO first_steps_stale
    SELECT customer_id FROM customer_visits WHERE property_id = NEW.property_id AND +visit_status_id = 156
    UNION SELECT customer_id FROM offers WHERE property_id = NEW.property_id;
END;
CREATE TRIGGER insight_tallies_home_delete BEFORE DELETE ON properties BEGIN
    INSERT INTO insight_changes
    SELECT v.builder_id, OLD.community_id, OLD.timezone, v.visited_on, -1, -(v.visit_status_id IS 156), 0
    FROM customer_visits v WHERE v.property_id = OLD.property_id;
    INSERT INTO insight_changes
    SELECT o.builder_id, OLD.community_id, OLD.timezone, o.created_on, 0, 0, -1
    FROM offers o WHERE o.property_id = OLD.property_id;
END;

-- What is there already, read on the homes' clocks once.
CREATE TABLE insight_fill AS
SELECT v.builder_id, p.community_id,
       datetime(v.visited_on, (SELECT c.offset_hours FROM zone_clocks c
                               WHERE c.timezone = p.timezone AND c.starts_on <= v.visited_on
                               ORDER BY c.starts_on DESC LIMIT 1) || ' hours') AS local,
       1 AS visits, v.visit_status_id IS 156 AS tours, 0 AS offers
FROM customer_visits v JOIN properties p ON p.property_id = v.property_id
UNION ALL
SELECT o.builder_id, p.community_id,
       datetime(o.created_on, (SELECT c.offset_hours FROM zone_clocks c
                               WHERE c.timezone = p.timezone AND c.starts_on <= o.created_on
                               ORDER BY c.starts_on DESC LIMIT 1) || ' hours'),
       0, 0, 1
FROM offers o JOIN properties p ON p.property_id = o.property_id;
DELETE FROM insight_fill WHERE local IS NULL;
INSERT INTO builder_day_tallies (builder_id, day, visits, tours)
SELECT builder_id, date(local), SUM(visits), SUM(tours) FROM insight_fill
GROUP BY builder_id, date(local) HAVING SUM(visits) <> 0;
INSERT INTO builder_hour_tallies (builder_id, period, hour, tours)
SELECT builder_id, period, hour, SUM(tours)
FROM (SELECT builder_id, date(local) AS period, CAST(strftime('%H', local) AS INTEGER) AS hour, tours
      FROM insight_fill WHERE tours <> 0
      UNION ALL
      SELECT builder_id, strftime('%Y-%m', local), CAST(strftime('%H', local) AS INTEGER), tours
      FROM insight_fill WHERE tours <> 0)
GROUP BY builder_id, period, hour;
INSERT INTO community_tallies (builder_id, period, community_id, visits, tours, offers)
SELECT builder_id, period, community_id, SUM(visits), SUM(tours), SUM(offers)
FROM (SELECT builder_id, date(local) AS period, community_id, visits, tours, offers FROM insight_fill
      UNION ALL
      SELECT builder_id, strftime('%Y-%m/', local) || ((CAST(strftime('%d', local) AS INTEGER) + 6) / 7),
             community_id, visits, tours, offers
      FROM insight_fill WHERE CAST(strftime('%d', local) AS INTEGER) <= 28
      UNION ALL
      SELECT builder_id, strftime('%Y-%m', local), community_id, visits, tours, offers FROM insight_fill)
GROUP BY builder_id, period, community_id;
DROP TABLE insight_fill;
INSERT INTO first_steps_stale
SELECT customer_id FROM customer_visits WHERE visit_status_id = 156 UNION SELECT customer_id FROM offers;
CREATE INDEX customers_first_tour ON customers (builder_id, first_tour_day, first_tour_community_id);
CREATE INDEX customers_first_offer ON customers (builder_id, first_offer_day, first_offer_community_id);
