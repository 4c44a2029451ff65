-- Each community's visits as running totals by day of its homes' clocks (docs/reports.md, "Running
-- totals"), kept by triggers, so the visit report reads two rows a community (its last day and
-- its last day before the period) where it read every visit of the period: Export All of an
-- enterprise's year read 1,350,000 visits for its 2,000 communities.
--
-- A row for each day with a change, holding what happened up to the end of that day: the visits;
-- the tours (visits the door opened for) through the web, the app and by call; the visitors, and
-- the (visitor, home) pairs, whose last visit to the community (to the home) is on or before the
-- day; and the tours on each weekday (Sunday first) and in each hour of the clock. For a period
-- with no visits after it, the difference of two rows gives every figure: visitors whose last
-- visit is on or after the period's start are those who came in it. A visit written in order
-- changes the last row (and, for a visitor who came before, the rows since that visitor's last
-- visit); one written out of order, changed or removed changes the rows from its day on.
-- A home whose zone is outside the catalogue is read on the clock of New York, as
-- domain::zones reads it.
CREATE TABLE community_visit_totals (
    community_id BIGINT NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    day DATE NOT NULL,
    visits BIGINT NOT NULL DEFAULT 0,
    web_tours BIGINT NOT NULL DEFAULT 0,
    app_tours BIGINT NOT NULL DEFAULT 0,
    call_tours BIGINT NOT NULL DEFAULT 0,
    visitors BIGINT NOT NULL DEFAULT 0,
    pairs BIGINT NOT NULL DEFAULT 0,
    w0 BIGINT NOT NULL DEFAULT 0,
    w1 BIGINT NOT NULL DEFAULT 0,
    w2 BIGINT NOT NULL DEFAULT 0,
    w3 BIGINT NOT NULL DEFAULT 0,
    w4 BIGINT NOT NULL DEFAULT 0,
    w5 BIGINT NOT NULL DEFAULT 0,
    w6 BIGINT NOT NULL DEFAULT 0,
    h0 BIGINT NOT NULL DEFAULT 0,
    h1 BIGINT NOT NULL DEFAULT 0,
    h2 BIGINT NOT NULL DEFAULT 0,
    h3 BIGINT NOT NULL DEFAULT 0,
    h4 BIGINT NOT NULL DEFAULT 0,
    h5 BIGINT NOT NULL DEFAULT 0,
    h6 BIGINT NOT NULL DEFAULT 0,
    h7 BIGINT NOT NULL DEFAULT 0,
    h8 BIGINT NOT NULL DEFAULT 0,
    h9 BIGINT NOT NULL DEFAULT 0,
    h10 BIGINT NOT NULL DEFAULT 0,
    h11 BIGINT NOT NULL DEFAULT 0,
    h12 BIGINT NOT NULL DEFAULT 0,
    h13 BIGINT NOT NULL DEFAULT 0,
    h14 BIGINT NOT NULL DEFAULT 0,
    h15 BIGINT NOT NULL DEFAULT 0,
    h16 BIGINT NOT NULL DEFAULT 0,
    h17 BIGINT NOT NULL DEFAULT 0,
    h18 BIGINT NOT NULL DEFAULT 0,
    h19 BIGINT NOT NULL DEFAULT 0,
    h20 BIGINT NOT NULL DEFAULT 0,
    h21 BIGINT NOT NULL DEFAULT 0,
    h22 BIGINT NOT NULL DEFAULT 0,
    h23 BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (community_id, day)
);

-- Each visit with its community and its time on its home's clock.
CREATE VIEW community_visit_clocks AS
SELECT v.customer_visit_id, v.customer_id, v.property_id, p.community_id, v.visit_status_id,
       v.platform,
       home_clock(CASE WHEN p.timezone BETWEEN 51 AND 54 THEN p.timezone ELSE 52 END,
                  v.visited_on) AS local
FROM customer_visits v JOIN properties p ON p.property_id = v.property_id;

-- Adds changes (rows of the table's own shape) to their communities' rows from each change's
-- day on, writing the row of that day first from the one before.
CREATE FUNCTION community_visit_totals_add(changes community_visit_totals[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    INSERT INTO community_visit_totals
    SELECT c.community_id, c.day,
        coalesce(p.visits, 0), coalesce(p.web_tours, 0), coalesce(p.app_tours, 0), coalesce(p.call_tours, 0), coalesce(p.visitors, 0), coalesce(p.pairs, 0),
        coalesce(p.w0, 0), coalesce(p.w1, 0), coalesce(p.w2, 0), coalesce(p.w3, 0), coalesce(p.w4, 0), coalesce(p.w5, 0),
        coalesce(p.w6, 0), coalesce(p.h0, 0), coalesce(p.h1, 0), coalesce(p.h2, 0), coalesce(p.h3, 0), coalesce(p.h4, 0),
        coalesce(p.h5, 0), coalesce(p.h6, 0), coalesce(p.h7, 0), coalesce(p.h8, 0), coalesce(p.h9, 0), coalesce(p.h10, 0),
        coalesce(p.h11, 0), coalesce(p.h12, 0), coalesce(p.h13, 0), coalesce(p.h14, 0), coalesce(p.h15, 0), coalesce(p.h16, 0),
        coalesce(p.h17, 0), coalesce(p.h18, 0), coalesce(p.h19, 0), coalesce(p.h20, 0), coalesce(p.h21, 0), coalesce(p.h22, 0),
        coalesce(p.h23, 0)
    FROM (SELECT DISTINCT community_id, day FROM unnest(changes)) c
    LEFT JOIN LATERAL (SELECT * FROM community_visit_totals t
                       WHERE t.community_id = c.community_id AND t.day < c.day
                       ORDER BY t.day DESC LIMIT 1) p ON true
    ON CONFLICT (community_id, day) DO NOTHING;
    UPDATE community_visit_totals t SET
        visits = t.visits + d.visits, web_tours = t.web_tours + d.web_tours, app_tours = t.app_tours + d.app_tours,
        call_tours = t.call_tours + d.call_tours, visitors = t.visitors + d.visitors, pairs = t.pairs + d.pairs,
        w0 = t.w0 + d.w0, w1 = t.w1 + d.w1, w2 = t.w2 + d.w2,
        w3 = t.w3 + d.w3, w4 = t.w4 + d.w4, w5 = t.w5 + d.w5,
        w6 = t.w6 + d.w6, h0 = t.h0 + d.h0, h1 = t.h1 + d.h1,
        h2 = t.h2 + d.h2, h3 = t.h3 + d.h3, h4 = t.h4 + d.h4,
        h5 = t.h5 + d.h5, h6 = t.h6 + d.h6, h7 = t.h7 + d.h7,
        h8 = t.h8 + d.h8, h9 = t.h9 + d.h9, h10 = t.h10 + d.h10,
        h11 = t.h11 + d.h11, h12 = t.h12 + d.h12, h13 = t.h13 + d.h13,
        h14 = t.h14 + d.h14, h15 = t.h15 + d.h15, h16 = t.h16 + d.h16,
        h17 = t.h17 + d.h17, h18 = t.h18 + d.h18, h19 = t.h19 + d.h19,
        h20 = t.h20 + d.h20, h21 = t.h21 + d.h21, h22 = t.h22 + d.h22,
        h23 = t.h23 + d.h23
    FROM (SELECT r.community_id, r.day,
                 SUM(c.visits) AS visits, SUM(c.web_tours) AS web_tours, SUM(c.app_tours) AS app_tours, SUM(c.call_tours) AS call_tours,
                 SUM(c.visitors) AS visitors, SUM(c.pairs) AS pairs, SUM(c.w0) AS w0, SUM(c.w1) AS w1,
                 SUM(c.w2) AS w2, SUM(c.w3) AS w3, SUM(c.w4) AS w4, SUM(c.w5) AS w5,
                 SUM(c.w6) AS w6, SUM(c.h0) AS h0, SUM(c.h1) AS h1, SUM(c.h2) AS h2,
                 SUM(c.h3) AS h3, SUM(c.h4) AS h4, SUM(c.h5) AS h5, SUM(c.h6) AS h6,
                 SUM(c.h7) AS h7, SUM(c.h8) AS h8, SUM(c.h9) AS h9, SUM(c.h10) AS h10,
                 SUM(c.h11) AS h11, SUM(c.h12) AS h12, SUM(c.h13) AS h13, SUM(c.h14) AS h14,
                 SUM(c.h15) AS h15, SUM(c.h16) AS h16, SUM(c.h17) AS h17, SUM(c.h18) AS h18,
                 SUM(c.h19) AS h19, SUM(c.h20) AS h20, SUM(c.h21) AS h21, SUM(c.h22) AS h22,
                 SUM(c.h23) AS h23
          FROM community_visit_totals r
          JOIN unnest(changes) c ON c.community_id = r.community_id AND c.day <= r.day
          GROUP BY r.community_id, r.day) d
    WHERE t.community_id = d.community_id AND t.day = d.day;
END;
$$;

-- Visits taken away (`removed`) and added (`added`): a change is the old visit taken away and
-- the new one added. Each visitor's (each pair's) last day before and after them, the others'
-- visits read as they are now. Two writers of one community take turns, each locking it first
-- (in key order, so they wait rather than deadlock). Visits of a home being deleted find no
-- home: its community is written again when the home goes. Their statements are planned once
-- a connection: planned for each call's values (PostgreSQL's first five calls), one visit
-- written took about 10 ms more, with a generic plan about 2 ms.
CREATE FUNCTION community_visit_totals_move(removed customer_visits[], added customer_visits[])
RETURNS void LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
    IF cardinality(removed) + cardinality(added) = 0 THEN
        RETURN;
    END IF;
    PERFORM 1 FROM communities
    WHERE id IN (SELECT p.community_id FROM properties p
                 WHERE p.property_id IN (SELECT property_id FROM unnest(removed)
                                         UNION SELECT property_id FROM unnest(added)))
    ORDER BY id FOR NO KEY UPDATE;
    PERFORM community_visit_totals_add(ARRAY(
        WITH moves AS (
            SELECT m.sign, m.customer_visit_id, m.customer_id, m.property_id, p.community_id,
                   home_clock(CASE WHEN p.timezone BETWEEN 51 AND 54 THEN p.timezone ELSE 52 END,
                              m.visited_on) AS local,
                   m.visit_status_id = 156 AS toured, lower(coalesce(m.platform, '')) AS platform
            FROM (SELECT -1 AS sign, r.* FROM unnest(removed) r
                  UNION ALL SELECT 1, a.* FROM unnest(added) a) m
            JOIN properties p ON p.property_id = m.property_id
        ), lasts AS (
            -- Each visitor of a community (pair of a home) moved: the last day before and after.
            SELECT k.community_id, k.customer_id, k.property_id,
                   (SELECT max(d) FROM (
                        SELECT o.local::date FROM community_visit_clocks o
                        WHERE o.customer_id = k.customer_id AND o.community_id = k.community_id
                          AND (k.property_id IS NULL OR o.property_id = k.property_id)
                          AND o.customer_visit_id NOT IN (SELECT customer_visit_id FROM moves
                                                          WHERE sign > 0)
                        UNION ALL
                        SELECT m.local::date FROM moves m
                        WHERE m.sign < 0 AND m.customer_id = k.customer_id
                          AND m.community_id = k.community_id
                          AND (k.property_id IS NULL OR m.property_id = k.property_id)) b (d))
                       AS before,
                   (SELECT max(o.local::date) FROM community_visit_clocks o
                    WHERE o.customer_id = k.customer_id AND o.community_id = k.community_id
                      AND (k.property_id IS NULL OR o.property_id = k.property_id)) AS after
            FROM (SELECT DISTINCT community_id, customer_id, NULL::bigint AS property_id FROM moves
                  UNION
                  SELECT DISTINCT community_id, customer_id, property_id FROM moves) k
        ), events AS (
            SELECT community_id, local::date AS day, sign AS visits,
                   sign * (toured AND platform = 'web')::int AS web_tours,
                   sign * (toured AND platform = 'app')::int AS app_tours,
                   sign * (toured AND platform = 'call')::int AS call_tours,
                   0 AS visitors, 0 AS pairs,
                   CASE WHEN toured THEN sign END AS tours,
                   extract(dow FROM local)::int AS weekday, extract(hour FROM local)::int AS hour
            FROM moves WHERE local IS NOT NULL
            UNION ALL
            SELECT l.community_id, s.day, 0, 0, 0, 0,
                   CASE WHEN l.property_id IS NULL THEN s.sign ELSE 0 END,
                   CASE WHEN l.property_id IS NULL THEN 0 ELSE s.sign END,
                   NULL, NULL, NULL
            FROM lasts l CROSS JOIN LATERAL (VALUES (l.before, -1), (l.after, 1)) s (day, sign)
            WHERE l.before IS DISTINCT FROM l.after AND s.day IS NOT NULL
        )
        SELECT ROW(community_id, day, SUM(visits), SUM(web_tours), SUM(app_tours), SUM(call_tours),
                   SUM(visitors), SUM(pairs),
                   coalesce(SUM(tours) FILTER (WHERE weekday = 0), 0), coalesce(SUM(tours) FILTER (WHERE weekday = 1), 0),
                   coalesce(SUM(tours) FILTER (WHERE weekday = 2), 0), coalesce(SUM(tours) FILTER (WHERE weekday = 3), 0),
                   coalesce(SUM(tours) FILTER (WHERE weekday = 4), 0), coalesce(SUM(tours) FILTER (WHERE weekday = 5), 0),
                   coalesce(SUM(tours) FILTER (WHERE weekday = 6), 0), coalesce(SUM(tours) FILTER (WHERE hour = 0), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 1), 0), coalesce(SUM(tours) FILTER (WHERE hour = 2), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 3), 0), coalesce(SUM(tours) FILTER (WHERE hour = 4), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 5), 0), coalesce(SUM(tours) FILTER (WHERE hour = 6), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 7), 0), coalesce(SUM(tours) FILTER (WHERE hour = 8), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 9), 0), coalesce(SUM(tours) FILTER (WHERE hour = 10), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 11), 0), coalesce(SUM(tours) FILTER (WHERE hour = 12), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 13), 0), coalesce(SUM(tours) FILTER (WHERE hour = 14), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 15), 0), coalesce(SUM(tours) FILTER (WHERE hour = 16), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 17), 0), coalesce(SUM(tours) FILTER (WHERE hour = 18), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 19), 0), coalesce(SUM(tours) FILTER (WHERE hour = 20), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 21), 0), coalesce(SUM(tours) FILTER (WHERE hour = 22), 0),
                   coalesce(SUM(tours) FILTER (WHERE hour = 23), 0)
                   )::community_visit_totals
        FROM events GROUP BY community_id, day));
END;
$$;

-- Writes the given communities' rows again from all their visits: when one of their homes
-- changes zone, moves to another community or is deleted.
CREATE FUNCTION community_visit_totals_write(ids BIGINT[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM communities WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
    DELETE FROM community_visit_totals WHERE community_id = ANY (ids);
    INSERT INTO community_visit_totals
    SELECT e.community_id, e.day,
        SUM(SUM(e.visits)) OVER running, SUM(SUM(e.web_tours)) OVER running,
        SUM(SUM(e.app_tours)) OVER running, SUM(SUM(e.call_tours)) OVER running,
        SUM(SUM(e.visitors)) OVER running, SUM(SUM(e.pairs)) OVER running,
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
        SUM(COUNT(*) FILTER (WHERE e.hour = 23)) OVER running
    -- Each visit on its day; each visitor and each pair on the day of their last visit.
    FROM (SELECT community_id, local::date AS day, 1 AS visits,
                 (visit_status_id = 156 AND lower(coalesce(platform, '')) = 'web')::int AS web_tours,
                 (visit_status_id = 156 AND lower(coalesce(platform, '')) = 'app')::int AS app_tours,
                 (visit_status_id = 156 AND lower(coalesce(platform, '')) = 'call')::int AS call_tours,
                 0 AS visitors, 0 AS pairs,
                 CASE WHEN visit_status_id = 156 THEN extract(dow FROM local)::int END AS weekday,
                 CASE WHEN visit_status_id = 156 THEN extract(hour FROM local)::int END AS hour
          FROM community_visit_clocks WHERE community_id = ANY (ids) AND local IS NOT NULL
          UNION ALL
          SELECT community_id, max(local::date), 0, 0, 0, 0, 1, 0, NULL, NULL
          FROM community_visit_clocks WHERE community_id = ANY (ids) AND local IS NOT NULL
          GROUP BY community_id, customer_id
          UNION ALL
          SELECT community_id, max(local::date), 0, 0, 0, 0, 0, 1, NULL, NULL
          FROM community_visit_clocks WHERE community_id = ANY (ids) AND local IS NOT NULL
          GROUP BY community_id, customer_id, property_id) e
    WHERE e.community_id IN (SELECT id FROM communities)
    GROUP BY e.community_id, e.day
    WINDOW running AS (PARTITION BY e.community_id ORDER BY e.day);
END;
$$;

CREATE FUNCTION community_visit_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'properties' THEN
        IF TG_OP = 'DELETE' THEN
            PERFORM community_visit_totals_write(ARRAY[OLD.community_id]);
        ELSE
            PERFORM community_visit_totals_write(ARRAY(SELECT DISTINCT u FROM unnest(
                ARRAY[OLD.community_id, NEW.community_id]) u ORDER BY u));
        END IF;
    ELSIF TG_OP = 'INSERT' THEN
        PERFORM community_visit_totals_move('{}', ARRAY(SELECT n::customer_visits FROM new_rows n));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM community_visit_totals_move(ARRAY(SELECT o::customer_visits FROM old_rows o), '{}');
    ELSE
        PERFORM community_visit_totals_move(
            ARRAY(SELECT o::customer_visits FROM old_rows o JOIN new_rows n USING (customer_visit_id)
                  WHERE (n.property_id, n.customer_id, n.visited_on, n.visit_status_id, n.platform)
                        IS DISTINCT FROM
                        (o.property_id, o.customer_id, o.visited_on, o.visit_status_id, o.platform)),
            ARRAY(SELECT n::customer_visits FROM new_rows n JOIN old_rows o USING (customer_visit_id)
                  WHERE (n.property_id, n.customer_id, n.visited_on, n.visit_status_id, n.platform)
                        IS DISTINCT FROM
                        (o.property_id, o.customer_id, o.visited_on, o.visit_status_id, o.platform)));
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER community_visit_totals_visits_insert AFTER INSERT ON customer_visits
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION community_visit_totals_follow();
CREATE TRIGGER community_visit_totals_visits_update AFTER UPDATE ON customer_visits
    REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT
    EXECUTE FUNCTION community_visit_totals_follow();
CREATE TRIGGER community_visit_totals_visits_delete AFTER DELETE ON customer_visits
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
    EXECUTE FUNCTION community_visit_totals_follow();
CREATE TRIGGER community_visit_totals_home AFTER UPDATE OF timezone, community_id ON properties
    FOR EACH ROW WHEN (NEW.timezone IS DISTINCT FROM OLD.timezone
                       OR NEW.community_id IS DISTINCT FROM OLD.community_id)
    EXECUTE FUNCTION community_visit_totals_follow();
CREATE TRIGGER community_visit_totals_home_delete AFTER DELETE ON properties
    FOR EACH ROW EXECUTE FUNCTION community_visit_totals_follow();

-- What is there already.
SELECT community_visit_totals_write(ARRAY(SELECT id FROM communities ORDER BY id));
ANALYZE community_visit_totals;
