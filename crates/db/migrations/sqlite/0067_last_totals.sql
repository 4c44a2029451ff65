-- Each community's and each home's last row of running totals (migrations 0064 and 0065) kept
-- apart, one row a key, by triggers on the totals: the reports find it by key where they read it
-- at the end of the key's days in the whole table. An Export All of an enterprise's year on
-- PostgreSQL looked up 4,000 rows of community_visit_totals, about 11 µs each, spread over the
-- table's 394 MB; the last rows of all communities are a few pages (docs/performance.md).
-- The counts are one text, as the reports read them. No foreign keys: a key's rows go with its
-- totals, which go with their community or home.
CREATE TABLE community_visit_last (
    community_id INTEGER PRIMARY KEY,
    day TEXT NOT NULL,
    counts TEXT NOT NULL
);
CREATE TABLE home_tour_last (
    property_id INTEGER PRIMARY KEY,
    day TEXT NOT NULL,
    counts TEXT NOT NULL
);

-- A row inserted moves its key's last row on when it is at or after its day; a row updated that
-- is its key's last (a row's day never changes) updates it; a row deleted that held it leaves it
-- to the latest of the key's remaining rows, if any. Totals rows are only deleted when a key's
-- rows are all written again.
CREATE TRIGGER community_visit_last_insert AFTER INSERT ON community_visit_totals BEGIN
    INSERT INTO community_visit_last VALUES (NEW.community_id, NEW.day, printf('%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d',
            NEW.visits, NEW.web_tours, NEW.app_tours, NEW.call_tours, NEW.visitors, NEW.pairs, NEW.w0, NEW.w1,
            NEW.w2, NEW.w3, NEW.w4, NEW.w5, NEW.w6, NEW.h0, NEW.h1, NEW.h2,
            NEW.h3, NEW.h4, NEW.h5, NEW.h6, NEW.h7, NEW.h8, NEW.h9, NEW.h10,
            NEW.h11, NEW.h12, NEW.h13, NEW.h14, NEW.h15, NEW.h16, NEW.h17, NEW.h18,
            NEW.h19, NEW.h20, NEW.h21, NEW.h22, NEW.h23))
    ON CONFLICT (community_id) DO UPDATE SET day = excluded.day, counts = excluded.counts
    WHERE community_visit_last.day <= excluded.day;
END;
CREATE TRIGGER community_visit_last_update AFTER UPDATE ON community_visit_totals BEGIN
    UPDATE community_visit_last SET counts = printf('%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d',
            NEW.visits, NEW.web_tours, NEW.app_tours, NEW.call_tours, NEW.visitors, NEW.pairs, NEW.w0, NEW.w1,
            NEW.w2, NEW.w3, NEW.w4, NEW.w5, NEW.w6, NEW.h0, NEW.h1, NEW.h2,
            NEW.h3, NEW.h4, NEW.h5, NEW.h6, NEW.h7, NEW.h8, NEW.h9, NEW.h10,
            NEW.h11, NEW.h12, NEW.h13, NEW.h14, NEW.h15, NEW.h16, NEW.h17, NEW.h18,
            NEW.h19, NEW.h20, NEW.h21, NEW.h22, NEW.h23)
    WHERE community_id = NEW.community_id AND day = NEW.day;
END;
CREATE TRIGGER community_visit_last_delete AFTER DELETE ON community_visit_totals
    WHEN OLD.day = (SELECT day FROM community_visit_last WHERE community_id = OLD.community_id)
BEGIN
    DELETE FROM community_visit_last WHERE community_id = OLD.community_id;
    INSERT INTO community_visit_last
    SELECT community_id, day, printf('%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d',
            u.visits, u.web_tours, u.app_tours, u.call_tours, u.visitors, u.pairs, u.w0, u.w1,
            u.w2, u.w3, u.w4, u.w5, u.w6, u.h0, u.h1, u.h2,
            u.h3, u.h4, u.h5, u.h6, u.h7, u.h8, u.h9, u.h10,
            u.h11, u.h12, u.h13, u.h14, u.h15, u.h16, u.h17, u.h18,
            u.h19, u.h20, u.h21, u.h22, u.h23) FROM community_visit_totals u WHERE community_id = OLD.community_id
    ORDER BY day DESC LIMIT 1;
END;
CREATE TRIGGER home_tour_last_insert AFTER INSERT ON home_tour_totals BEGIN
    INSERT INTO home_tour_last VALUES (NEW.property_id, NEW.day, NEW.counts)
    ON CONFLICT (property_id) DO UPDATE SET day = excluded.day, counts = excluded.counts
    WHERE home_tour_last.day <= excluded.day;
END;
CREATE TRIGGER home_tour_last_update AFTER UPDATE ON home_tour_totals BEGIN
    UPDATE home_tour_last SET counts = NEW.counts
    WHERE property_id = NEW.property_id AND day = NEW.day;
END;
CREATE TRIGGER home_tour_last_delete AFTER DELETE ON home_tour_totals
    WHEN OLD.day = (SELECT day FROM home_tour_last WHERE property_id = OLD.property_id)
BEGIN
    DELETE FROM home_tour_last WHERE property_id = OLD.property_id;
    INSERT INTO home_tour_last
    SELECT property_id, day, u.counts FROM home_tour_totals u WHERE property_id = OLD.property_id
    ORDER BY day DESC LIMIT 1;
END;

-- What is there already.
INSERT INTO community_visit_last
SELECT u.community_id, u.day, printf('%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d',
        u.visits, u.web_tours, u.app_tours, u.call_tours, u.visitors, u.pairs, u.w0, u.w1,
        u.w2, u.w3, u.w4, u.w5, u.w6, u.h0, u.h1, u.h2,
        u.h3, u.h4, u.h5, u.h6, u.h7, u.h8, u.h9, u.h10,
        u.h11, u.h12, u.h13, u.h14, u.h15, u.h16, u.h17, u.h18,
        u.h19, u.h20, u.h21, u.h22, u.h23)
FROM community_visit_totals u
WHERE u.day = (SELECT max(day) FROM community_visit_totals m WHERE m.community_id = u.community_id);
INSERT INTO home_tour_last
SELECT u.property_id, u.day, u.counts
FROM home_tour_totals u
WHERE u.day = (SELECT max(day) FROM home_tour_totals m WHERE m.property_id = u.property_id);
