-- Each community's and each home's last row of running totals (migrations 0064 and 0065) kept
-- apart, one row a key, by triggers on the totals: the reports find it by key where they read it
-- at the end of the key's days in the whole table. An Export All of an enterprise's year on
-- PostgreSQL looked up 4,000 rows of community_visit_totals, about 11 µs each, spread over the
-- table's 394 MB; the last rows of all communities are a few pages (docs/performance.md).
-- The counts are one text, as the reports read them. No foreign keys: a key's rows go with its
-- totals, which go with their community or home.
CREATE TABLE community_visit_last (
    community_id BIGINT PRIMARY KEY,
    day DATE NOT NULL,
    counts TEXT NOT NULL
);
CREATE TABLE home_tour_last (
    property_id BIGINT PRIMARY KEY,
    day DATE NOT NULL,
    counts TEXT NOT NULL
);

-- Rows written (inserted or updated, `changed`) move their key's last row on when they are at
-- or after its day (a row's day never changes); rows deleted (`gone`) that held it leave it to
-- the latest of the key's remaining rows, if any. Totals rows are only deleted when a key's rows
-- are all written again. A function a table: one for both, its statements built with EXECUTE,
-- cost about 0.2 ms a statement of the totals where these cost 0.06 ms (planned once a
-- connection), and a visit written runs four.
CREATE FUNCTION community_visit_last_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM community_visit_last l USING gone g
        WHERE l.community_id = g.community_id AND l.day = g.day;
        INSERT INTO community_visit_last
        SELECT t.community_id, t.day, t.counts
        FROM (SELECT DISTINCT community_id FROM gone) g
        CROSS JOIN LATERAL (SELECT u.community_id, u.day, concat_ws(',',
                                    u.visits, u.web_tours, u.app_tours, u.call_tours, u.visitors, u.pairs, u.w0, u.w1,
                                    u.w2, u.w3, u.w4, u.w5, u.w6, u.h0, u.h1, u.h2,
                                    u.h3, u.h4, u.h5, u.h6, u.h7, u.h8, u.h9, u.h10,
                                    u.h11, u.h12, u.h13, u.h14, u.h15, u.h16, u.h17, u.h18,
                                    u.h19, u.h20, u.h21, u.h22, u.h23) AS counts
                            FROM community_visit_totals u WHERE u.community_id = g.community_id
                            ORDER BY u.day DESC LIMIT 1) t
        ON CONFLICT (community_id) DO NOTHING;
    ELSE
        INSERT INTO community_visit_last
        SELECT DISTINCT ON (c.community_id) c.community_id, c.day, concat_ws(',',
                c.visits, c.web_tours, c.app_tours, c.call_tours, c.visitors, c.pairs, c.w0, c.w1,
                c.w2, c.w3, c.w4, c.w5, c.w6, c.h0, c.h1, c.h2,
                c.h3, c.h4, c.h5, c.h6, c.h7, c.h8, c.h9, c.h10,
                c.h11, c.h12, c.h13, c.h14, c.h15, c.h16, c.h17, c.h18,
                c.h19, c.h20, c.h21, c.h22, c.h23)
        FROM changed c ORDER BY c.community_id, c.day DESC
        ON CONFLICT (community_id) DO UPDATE SET day = excluded.day, counts = excluded.counts
        WHERE community_visit_last.day <= excluded.day;
    END IF;
    RETURN NULL;
END;
$$;

CREATE FUNCTION home_tour_last_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        DELETE FROM home_tour_last l USING gone g
        WHERE l.property_id = g.property_id AND l.day = g.day;
        INSERT INTO home_tour_last
        SELECT t.property_id, t.day, t.counts
        FROM (SELECT DISTINCT property_id FROM gone) g
        CROSS JOIN LATERAL (SELECT u.property_id, u.day, u.counts
                            FROM home_tour_totals u WHERE u.property_id = g.property_id
                            ORDER BY u.day DESC LIMIT 1) t
        ON CONFLICT (property_id) DO NOTHING;
    ELSE
        INSERT INTO home_tour_last
        SELECT DISTINCT ON (c.property_id) c.property_id, c.day, c.counts
        FROM changed c ORDER BY c.property_id, c.day DESC
        ON CONFLICT (property_id) DO UPDATE SET day = excluded.day, counts = excluded.counts
        WHERE home_tour_last.day <= excluded.day;
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER community_visit_last_insert AFTER INSERT ON community_visit_totals
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION community_visit_last_follow();
CREATE TRIGGER community_visit_last_update AFTER UPDATE ON community_visit_totals
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION community_visit_last_follow();
CREATE TRIGGER community_visit_last_delete AFTER DELETE ON community_visit_totals
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION community_visit_last_follow();
CREATE TRIGGER home_tour_last_insert AFTER INSERT ON home_tour_totals
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION home_tour_last_follow();
CREATE TRIGGER home_tour_last_update AFTER UPDATE ON home_tour_totals
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION home_tour_last_follow();
CREATE TRIGGER home_tour_last_delete AFTER DELETE ON home_tour_totals
    REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION home_tour_last_follow();

-- What is there already.
INSERT INTO community_visit_last
SELECT DISTINCT ON (u.community_id) u.community_id, u.day, concat_ws(',',
        u.visits, u.web_tours, u.app_tours, u.call_tours, u.visitors, u.pairs, u.w0, u.w1,
        u.w2, u.w3, u.w4, u.w5, u.w6, u.h0, u.h1, u.h2,
        u.h3, u.h4, u.h5, u.h6, u.h7, u.h8, u.h9, u.h10,
        u.h11, u.h12, u.h13, u.h14, u.h15, u.h16, u.h17, u.h18,
        u.h19, u.h20, u.h21, u.h22, u.h23)
FROM community_visit_totals u ORDER BY u.community_id DESC, u.day DESC;
INSERT INTO home_tour_last
SELECT DISTINCT ON (u.property_id) u.property_id, u.day, u.counts
FROM home_tour_totals u ORDER BY u.property_id DESC, u.day DESC;
ANALYZE community_visit_last;
ANALYZE home_tour_last;
