-- The insights' tallies (docs/insights.md): visits, tours and offers counted by the day and month
-- of the home's clock, kept by triggers, so an enterprise's year is read from a few thousand
-- rows where it read every visit of the year (about 1.3 million on the large world).

-- The offsets of the four zones' clocks (catalogue 51-54), each from the instant it begins:
-- standard time, and daylight time from the second Sunday of March, 2:00 AM, to the first Sunday
-- of November, 2:00 AM (domain::zones). A zone outside the catalogue has no clock.
CREATE TABLE zone_clocks (
    timezone BIGINT NOT NULL,
    starts_on TIMESTAMPTZ NOT NULL,
    offset_hours INTEGER NOT NULL,
    PRIMARY KEY (timezone, starts_on)
);
INSERT INTO zone_clocks (timezone, starts_on, offset_hours)
SELECT z.timezone, (t.local_start - z.standard * interval '1 hour') AT TIME ZONE 'UTC', t.offset_hours
FROM (VALUES (51, -7), (52, -5), (53, -6), (54, -8)) z (timezone, standard)
CROSS JOIN generate_series(1970, 2200) y (year)
CROSS JOIN LATERAL (VALUES
    ((make_date(y.year, 3, 8) + (7 - extract(dow FROM make_date(y.year, 3, 8))::int) % 7)
        + interval '2 hours', z.standard + 1),
    ((make_date(y.year, 11, 1) + (7 - extract(dow FROM make_date(y.year, 11, 1))::int) % 7)
        + interval '1 hour', z.standard)
) t (local_start, offset_hours)
UNION ALL
SELECT z.timezone, timestamptz '1900-01-01 00:00:00+00', z.standard
FROM (VALUES (51, -7), (52, -5), (53, -6), (54, -8)) z (timezone, standard);

-- What a zone's clock shows at an instant (NULL for a zone outside the catalogue).
CREATE FUNCTION home_clock(zone BIGINT, at TIMESTAMPTZ) RETURNS TIMESTAMP LANGUAGE sql STABLE AS $$
    SELECT (at AT TIME ZONE 'UTC') + c.offset_hours * interval '1 hour'
    FROM zone_clocks c WHERE c.timezone = zone AND c.starts_on <= at
    ORDER BY c.starts_on DESC LIMIT 1
$$;

-- A builder's visits and tours by day (yyyy-MM-dd): tours over time and by weekday.
CREATE TABLE builder_day_tallies (
    builder_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    visits BIGINT NOT NULL,
    tours BIGINT NOT NULL,
    PRIMARY KEY (builder_id, day)
);
-- A builder's tours by hour of the clock, in each day and in each month (yyyy-MM): tours by
-- hour are read from the range's whole months and the days of its partial ones.
CREATE TABLE builder_hour_tallies (
    builder_id BIGINT NOT NULL,
    period TEXT NOT NULL,
    hour SMALLINT NOT NULL,
    tours BIGINT NOT NULL,
    PRIMARY KEY (builder_id, period, hour)
);
-- A community's visits, tours and offers in each day, each week of a month (yyyy-MM/1 for the
-- 1st to the 7th ... yyyy-MM/4 for the 22nd to the 28th) and each month: its line. A range's
-- whole months and weeks are read, and only the days left over. The key leads with the builder,
-- so one builder's range is one stretch of the index, which holds the counts too.
CREATE TABLE community_tallies (
    builder_id BIGINT NOT NULL,
    period TEXT NOT NULL,
    community_id BIGINT NOT NULL,
    visits BIGINT NOT NULL,
    tours BIGINT NOT NULL,
    offers BIGINT NOT NULL,
    PRIMARY KEY (builder_id, period, community_id) INCLUDE (visits, tours, offers)
);

-- Adds changes to the tallies: each is a visit or an offer (builder, community, zone, instant)
-- with its counts signed (+1 in, -1 out). Rows are written in key order, so two writers wait
-- for each other rather than deadlock. (PL/pgSQL keeps the statement's plan for the session; a
-- SQL function planned it at every call, a millisecond of each visit written.)
CREATE FUNCTION insight_tallies_add(
    builders BIGINT[], communities BIGINT[], zones BIGINT[], instants TIMESTAMPTZ[],
    visit_signs BIGINT[], tour_signs BIGINT[], offer_signs BIGINT[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    WITH changes AS (
        SELECT c.builder_id, c.community_id, to_char(c.local, 'YYYY-MM-DD') AS day,
               CASE WHEN extract(day FROM c.local) <= 28 THEN to_char(c.local, 'YYYY-MM') || '/'
                   || ((extract(day FROM c.local)::int + 6) / 7) END AS week,
               to_char(c.local, 'YYYY-MM') AS month, extract(hour FROM c.local)::smallint AS hour,
               c.visits, c.tours, c.offers
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
    INSERT INTO community_tallies AS t (builder_id, period, community_id, visits, tours, offers)
    SELECT builder_id, period, community_id, SUM(visits), SUM(tours), SUM(offers)
    FROM (SELECT builder_id, day AS period, community_id, visits, tours, offers FROM changes
          UNION ALL SELECT builder_id, week, community_id, visits, tours, offers FROM changes
                    WHERE week IS NOT NULL
          UNION ALL SELECT builder_id, month, community_id, visits, tours, offers FROM changes) m
    GROUP BY builder_id, period, community_id
    HAVING SUM(visits) <> 0 OR SUM(tours) <> 0 OR SUM(offers) <> 0
    ORDER BY builder_id, period, community_id
    ON CONFLICT (builder_id, period, community_id) DO UPDATE
        SET visits = t.visits + EXCLUDED.visits, tours = t.tours + EXCLUDED.tours,
            offers = t.offers + EXCLUDED.offers;
END;
$$;

-- A visitor's first tour and first offer: the day on the home's clock and the home's
-- community, so the funnel counts the visitors who first toured, or first made an offer, in a
-- range from an index.
ALTER TABLE customers ADD COLUMN first_tour_day DATE;
ALTER TABLE customers ADD COLUMN first_tour_community_id BIGINT;
ALTER TABLE customers ADD COLUMN first_offer_day DATE;
ALTER TABLE customers ADD COLUMN first_offer_community_id BIGINT;

-- Finds the first tour and first offer of the given visitors again and writes them where they
-- moved.
CREATE FUNCTION first_steps_write(ids BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    UPDATE customers c SET first_tour_day = f.tour_day, first_tour_community_id = f.tour_community,
        first_offer_day = f.offer_day, first_offer_community_id = f.offer_community
    FROM (SELECT x.customer_id, t.day AS tour_day, t.community_id AS tour_community,
                 o.day AS offer_day, o.community_id AS offer_community
          FROM unnest(ids) x (customer_id)
          LEFT JOIN LATERAL (
              SELECT home_clock(p.timezone, v.visited_on)::date AS day, p.community_id
              FROM customer_visits v JOIN properties p ON p.property_id = v.property_id
              WHERE v.customer_id = x.customer_id AND v.visit_status_id = 156
              ORDER BY v.visited_on, v.customer_visit_id LIMIT 1) t ON TRUE
          LEFT JOIN LATERAL (
              SELECT home_clock(p.timezone, o.created_on)::date AS day, p.community_id
              FROM offers o JOIN properties p ON p.property_id = o.property_id
              WHERE o.customer_id = x.customer_id
              ORDER BY o.created_on, o.id LIMIT 1) o ON TRUE) f
    WHERE c.customer_id = f.customer_id
      AND (c.first_tour_day, c.first_tour_community_id, c.first_offer_day, c.first_offer_community_id)
          IS DISTINCT FROM (f.tour_day, f.tour_community, f.offer_day, f.offer_community);
END;
$$;

-- Whether a row of `kind` (customer_visits or offers) named `alias` is a tour, as SQL.
CREATE FUNCTION insight_toured_sql(kind TEXT, alias TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN kind = 'offers' THEN 'FALSE' ELSE alias || '.visit_status_id = 156' END
$$;

-- The changes of a statement on visits or offers (`kind`), or of a home's community, zone or
-- builder: its rows (visits or offers, signed: +1 new, -1 old), each with its home's community
-- and zone, counted into the tallies, and their visitors' first tours and offers found again.
CREATE FUNCTION insight_tallies_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    kind TEXT := TG_TABLE_NAME;
    rows TEXT;
    instant TEXT := CASE WHEN kind = 'offers' THEN 'created_on' ELSE 'visited_on' END;
    key TEXT := CASE WHEN kind = 'offers' THEN 'id' ELSE 'customer_visit_id' END;
    moved TEXT;
BEGIN
    IF kind = 'properties' THEN
        -- A home moved community, zone or builder: its visits and offers move with it. One
        -- being deleted takes them out first: its visits' and offers' own triggers, run by the
        -- cascade, no longer find it.
        PERFORM insight_tallies_add(x.builders, x.communities, x.zones, x.instants, x.visits, x.tours, x.offers)
        FROM (SELECT array_agg(CASE WHEN s.sign = 1 THEN NEW.builder_id ELSE OLD.builder_id END) AS builders,
                     array_agg(CASE WHEN s.sign = 1 THEN NEW.community_id ELSE OLD.community_id END) AS communities,
                     array_agg(CASE WHEN s.sign = 1 THEN NEW.timezone ELSE OLD.timezone END) AS zones,
                     array_agg(r.at) AS instants, array_agg(s.sign * r.visits) AS visits,
                     array_agg(s.sign * r.tours) AS tours, array_agg(s.sign * r.offers) AS offers
              FROM (SELECT visited_on AS at, 1::bigint AS visits,
                           CASE WHEN visit_status_id = 156 THEN 1::bigint ELSE 0 END AS tours, 0::bigint AS offers
                    FROM customer_visits WHERE property_id = OLD.property_id
                    UNION ALL
                    SELECT created_on, 0, 0, 1 FROM offers WHERE property_id = OLD.property_id) r
              CROSS JOIN (VALUES (1::bigint), (-1::bigint)) s (sign)
              WHERE s.sign = -1 OR TG_OP = 'UPDATE') x
        WHERE x.builders IS NOT NULL;
        IF TG_OP = 'DELETE' THEN
            RETURN OLD;
        END IF;
        PERFORM first_steps_write(ARRAY(
            SELECT customer_id FROM customer_visits WHERE property_id = NEW.property_id
            UNION SELECT customer_id FROM offers WHERE property_id = NEW.property_id
            ORDER BY customer_id));
        RETURN NULL;
    END IF;
    -- An update counts only the rows whose builder, home, visitor, instant or status moved
    -- (a trigger with transition tables cannot be limited to columns).
    moved := CASE WHEN TG_OP = 'UPDATE' THEN format(
        ' JOIN %1$s x ON x.%2$s = r.%2$s WHERE (r.builder_id, r.property_id, r.customer_id, r.%3$s, %4$s)'
        ' IS DISTINCT FROM (x.builder_id, x.property_id, x.customer_id, x.%3$s, %5$s)',
        '%s', key, instant, insight_toured_sql(kind, 'r'), insight_toured_sql(kind, 'x')) ELSE '' END;
    rows := concat_ws(' UNION ALL ',
        CASE WHEN TG_OP <> 'DELETE' THEN format(
            'SELECT r.builder_id, r.property_id, r.customer_id, r.%s AS at, %s AS toured, 1::bigint AS sign FROM new_rows r',
            instant, insight_toured_sql(kind, 'r')) || format(moved, 'old_rows') END,
        CASE WHEN TG_OP <> 'INSERT' THEN format(
            'SELECT r.builder_id, r.property_id, r.customer_id, r.%s AS at, %s AS toured, -1::bigint AS sign FROM old_rows r',
            instant, insight_toured_sql(kind, 'r')) || format(moved, 'new_rows') END);
    -- A home being deleted has taken its rows out already (insight_tallies_home_delete).
    EXECUTE format(
        'SELECT insight_tallies_add(array_agg(r.builder_id), array_agg(p.community_id), '
        'array_agg(p.timezone), array_agg(r.at), array_agg(%s), '
        'array_agg(CASE WHEN r.toured THEN r.sign ELSE 0 END), array_agg(%s)) '
        'FROM (%s) r JOIN properties p ON p.property_id = r.property_id',
        CASE WHEN kind = 'offers' THEN '0::bigint' ELSE 'r.sign' END,
        CASE WHEN kind = 'offers' THEN 'r.sign' ELSE '0::bigint' END,
        rows);
    EXECUTE format(
        'SELECT first_steps_write(ARRAY(SELECT DISTINCT customer_id FROM (%s) r ORDER BY customer_id))',
        rows);
    RETURN NULL;
END;
$$;

CREATE TRIGGER insight_tallies_visits_insert AFTER INSERT ON customer_visits
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_tallies_follow();
CREATE TRIGGER insight_tallies_visits_update AFTER UPDATE ON customer_visits
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
    EXECUTE FUNCTION insight_tallies_follow();
CREATE TRIGGER insight_tallies_visits_delete AFTER DELETE ON customer_visits
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_tallies_follow();
CREATE TRIGGER insight_tallies_offers_insert AFTER INSERT ON offers
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_tallies_follow();
CREATE TRIGGER insight_tallies_offers_update AFTER UPDATE ON offers
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
    EXECUTE FUNCTION insight_tallies_follow();
CREATE TRIGGER insight_tallies_offers_delete AFTER DELETE ON offers
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_tallies_follow();
CREATE TRIGGER insight_tallies_home AFTER UPDATE OF builder_id, community_id, timezone ON properties
    FOR EACH ROW WHEN (NEW.builder_id <> OLD.builder_id OR NEW.community_id <> OLD.community_id
        OR NEW.timezone IS DISTINCT FROM OLD.timezone)
    EXECUTE FUNCTION insight_tallies_follow();
CREATE TRIGGER insight_tallies_home_delete BEFORE DELETE ON properties
    FOR EACH ROW EXECUTE FUNCTION insight_tallies_follow();

-- What is there already, a builder at a time.
SELECT insight_tallies_add(array_agg(v.builder_id), array_agg(p.community_id), array_agg(p.timezone),
    array_agg(v.visited_on), array_agg(1::bigint),
    array_agg(CASE WHEN v.visit_status_id = 156 THEN 1::bigint ELSE 0 END), array_agg(0::bigint))
FROM customer_visits v JOIN properties p ON p.property_id = v.property_id
GROUP BY v.builder_id;
SELECT insight_tallies_add(array_agg(o.builder_id), array_agg(p.community_id), array_agg(p.timezone),
    array_agg(o.created_on), array_agg(0::bigint), array_agg(0::bigint), array_agg(1::bigint))
FROM offers o JOIN properties p ON p.property_id = o.property_id
GROUP BY o.builder_id;
SELECT first_steps_write(array_agg(customer_id ORDER BY customer_id)) FROM customers GROUP BY builder_id;
CREATE INDEX customers_first_tour ON customers (builder_id, first_tour_day, first_tour_community_id);
CREATE INDEX customers_first_offer ON customers (builder_id, first_offer_day, first_offer_community_id);

ANALYZE zone_clocks;
ANALYZE builder_day_tallies;
ANALYZE builder_hour_tallies;
ANALYZE community_tallies;
