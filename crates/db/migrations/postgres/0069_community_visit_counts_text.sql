-- Each community's running totals (migration 0065) also as one text, kept by PostgreSQL beside
-- the counts, and in the index of their key: an Export All of an enterprise's year looks up each
-- of its 2,000 communities' row before the period, and each lookup took about 8 µs reading the
-- row from the heap and writing its 37 counts as text, about 5 µs reading the text from the index
-- alone (docs/performance.md, forty-first session). The reports read the text (db::reports).
ALTER TABLE community_visit_totals ADD COLUMN counts TEXT GENERATED ALWAYS AS (
    visits::text || ',' || web_tours::text || ',' || app_tours::text || ',' ||
    call_tours::text || ',' || visitors::text || ',' || pairs::text || ',' ||
    w0::text || ',' || w1::text || ',' || w2::text || ',' || w3::text || ',' ||
    w4::text || ',' || w5::text || ',' || w6::text || ',' || h0::text || ',' ||
    h1::text || ',' || h2::text || ',' || h3::text || ',' || h4::text || ',' ||
    h5::text || ',' || h6::text || ',' || h7::text || ',' || h8::text || ',' ||
    h9::text || ',' || h10::text || ',' || h11::text || ',' || h12::text || ',' ||
    h13::text || ',' || h14::text || ',' || h15::text || ',' || h16::text || ',' ||
    h17::text || ',' || h18::text || ',' || h19::text || ',' || h20::text || ',' ||
    h21::text || ',' || h22::text || ',' || h23::text) STORED;
ALTER TABLE community_visit_totals DROP CONSTRAINT community_visit_totals_pkey,
    ADD PRIMARY KEY (community_id, day) INCLUDE (counts);

-- As in migration 0065, the changes now rows of the table with its text (left to the table to
-- write).
CREATE OR REPLACE FUNCTION community_visit_totals_move(removed customer_visits[], added customer_visits[])
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
                   , NULL)::community_visit_totals
        FROM events GROUP BY community_id, day));
END;
$$;

ANALYZE community_visit_totals;
