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
    community_id INTEGER NOT NULL REFERENCES communities (id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    visits INTEGER NOT NULL DEFAULT 0,
    web_tours INTEGER NOT NULL DEFAULT 0,
    app_tours INTEGER NOT NULL DEFAULT 0,
    call_tours INTEGER NOT NULL DEFAULT 0,
    visitors INTEGER NOT NULL DEFAULT 0,
    pairs INTEGER NOT NULL DEFAULT 0,
    w0 INTEGER NOT NULL DEFAULT 0,
    w1 INTEGER NOT NULL DEFAULT 0,
    w2 INTEGER NOT NULL DEFAULT 0,
    w3 INTEGER NOT NULL DEFAULT 0,
    w4 INTEGER NOT NULL DEFAULT 0,
    w5 INTEGER NOT NULL DEFAULT 0,
    w6 INTEGER NOT NULL DEFAULT 0,
    h0 INTEGER NOT NULL DEFAULT 0,
    h1 INTEGER NOT NULL DEFAULT 0,
    h2 INTEGER NOT NULL DEFAULT 0,
    h3 INTEGER NOT NULL DEFAULT 0,
    h4 INTEGER NOT NULL DEFAULT 0,
    h5 INTEGER NOT NULL DEFAULT 0,
    h6 INTEGER NOT NULL DEFAULT 0,
    h7 INTEGER NOT NULL DEFAULT 0,
    h8 INTEGER NOT NULL DEFAULT 0,
    h9 INTEGER NOT NULL DEFAULT 0,
    h10 INTEGER NOT NULL DEFAULT 0,
    h11 INTEGER NOT NULL DEFAULT 0,
    h12 INTEGER NOT NULL DEFAULT 0,
    h13 INTEGER NOT NULL DEFAULT 0,
    h14 INTEGER NOT NULL DEFAULT 0,
    h15 INTEGER NOT NULL DEFAULT 0,
    h16 INTEGER NOT NULL DEFAULT 0,
    h17 INTEGER NOT NULL DEFAULT 0,
    h18 INTEGER NOT NULL DEFAULT 0,
    h19 INTEGER NOT NULL DEFAULT 0,
    h20 INTEGER NOT NULL DEFAULT 0,
    h21 INTEGER NOT NULL DEFAULT 0,
    h22 INTEGER NOT NULL DEFAULT 0,
    h23 INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (community_id, day)
) WITHOUT ROWID;

-- Each visit with its community and its time on its home's clock.
CREATE VIEW community_visit_clocks AS
SELECT v.customer_visit_id, v.customer_id, v.property_id, p.community_id, v.visit_status_id,
       v.platform,
       datetime(v.visited_on, (SELECT c.offset_hours FROM zone_clocks c
           WHERE c.timezone = CASE WHEN p.timezone BETWEEN 51 AND 54 THEN p.timezone ELSE 52 END
             AND c.starts_on <= v.visited_on
           ORDER BY c.starts_on DESC LIMIT 1) || ' hours') AS local
FROM customer_visits v JOIN properties p ON p.property_id = v.property_id;

-- A change inserted here is added to its community's rows from its day on (the row of its day
-- written first, from the one before), then leaves.
CREATE TABLE community_visit_changes AS SELECT * FROM community_visit_totals WHERE 0;
CREATE TRIGGER community_visit_changes_apply AFTER INSERT ON community_visit_changes BEGIN
    INSERT OR IGNORE INTO community_visit_totals
    SELECT community_id, NEW.day, visits, web_tours, app_tours, call_tours, visitors, pairs, w0, w1,
        w2, w3, w4, w5, w6, h0, h1, h2,
        h3, h4, h5, h6, h7, h8, h9, h10,
        h11, h12, h13, h14, h15, h16, h17, h18,
        h19, h20, h21, h22, h23
    FROM community_visit_totals WHERE community_id = NEW.community_id AND day < NEW.day
    ORDER BY day DESC LIMIT 1;
    INSERT OR IGNORE INTO community_visit_totals (community_id, day)
    VALUES (NEW.community_id, NEW.day);
    UPDATE community_visit_totals SET
        visits = visits + NEW.visits, web_tours = web_tours + NEW.web_tours, app_tours = app_tours + NEW.app_tours,
        call_tours = call_tours + NEW.call_tours, visitors = visitors + NEW.visitors, pairs = pairs + NEW.pairs,
        w0 = w0 + NEW.w0, w1 = w1 + NEW.w1, w2 = w2 + NEW.w2,
        w3 = w3 + NEW.w3, w4 = w4 + NEW.w4, w5 = w5 + NEW.w5,
        w6 = w6 + NEW.w6, h0 = h0 + NEW.h0, h1 = h1 + NEW.h1,
        h2 = h2 + NEW.h2, h3 = h3 + NEW.h3, h4 = h4 + NEW.h4,
        h5 = h5 + NEW.h5, h6 = h6 + NEW.h6, h7 = h7 + NEW.h7,
        h8 = h8 + NEW.h8, h9 = h9 + NEW.h9, h10 = h10 + NEW.h10,
        h11 = h11 + NEW.h11, h12 = h12 + NEW.h12, h13 = h13 + NEW.h13,
        h14 = h14 + NEW.h14, h15 = h15 + NEW.h15, h16 = h16 + NEW.h16,
        h17 = h17 + NEW.h17, h18 = h18 + NEW.h18, h19 = h19 + NEW.h19,
        h20 = h20 + NEW.h20, h21 = h21 + NEW.h21, h22 = h22 + NEW.h22,
        h23 = h23 + NEW.h23
    WHERE community_id = NEW.community_id AND day >= NEW.day;
    DELETE FROM community_visit_changes;
END;

-- A visit added (sign 1) or taken away (sign -1), as it was: placed in its community and on its
-- home's clock, with the last days of its visitor's other visits to the community and to the
-- home, then leaves.
CREATE TABLE community_visit_moves (
    sign INTEGER NOT NULL,
    customer_visit_id INTEGER NOT NULL,
    property_id INTEGER NOT NULL,
    customer_id INTEGER NOT NULL,
    visited_on TEXT NOT NULL,
    visit_status_id INTEGER,
    platform TEXT
);
CREATE TRIGGER community_visit_moves_place AFTER INSERT ON community_visit_moves BEGIN
    INSERT INTO community_visit_placed
    SELECT NEW.sign, p.community_id,
           datetime(NEW.visited_on, (SELECT c.offset_hours FROM zone_clocks c
               WHERE c.timezone = CASE WHEN p.timezone BETWEEN 51 AND 54 THEN p.timezone ELSE 52 END
                 AND c.starts_on <= NEW.visited_on
               ORDER BY c.starts_on DESC LIMIT 1) || ' hours'),
           NEW.visit_status_id = 156, lower(coalesce(NEW.platform, '')),
           (SELECT max(date(o.local)) FROM community_visit_clocks o
            WHERE o.customer_id = NEW.customer_id AND o.community_id = p.community_id
              AND o.customer_visit_id <> NEW.customer_visit_id),
           (SELECT max(date(o.local)) FROM community_visit_clocks o
            WHERE o.customer_id = NEW.customer_id AND o.property_id = NEW.property_id
              AND o.customer_visit_id <> NEW.customer_visit_id)
    FROM properties p WHERE p.property_id = NEW.property_id;
    DELETE FROM community_visit_moves;
END;

-- A visit placed: the visitor's (the pair's) last day moves only when this visit's day is later
-- than that of their other visits.
CREATE TABLE community_visit_placed (
    sign INTEGER NOT NULL,
    community_id INTEGER NOT NULL,
    local TEXT,
    toured INTEGER NOT NULL,
    platform TEXT NOT NULL,
    visitor_before TEXT,
    pair_before TEXT
);
CREATE TRIGGER community_visit_placed_apply AFTER INSERT ON community_visit_placed BEGIN
    INSERT INTO community_visit_changes
    SELECT NEW.community_id, x.day, SUM(x.visits), SUM(x.web_tours), SUM(x.app_tours), SUM(x.call_tours), SUM(x.visitors), SUM(x.pairs),
        SUM(x.w0), SUM(x.w1), SUM(x.w2), SUM(x.w3), SUM(x.w4), SUM(x.w5),
        SUM(x.w6), SUM(x.h0), SUM(x.h1), SUM(x.h2), SUM(x.h3), SUM(x.h4),
        SUM(x.h5), SUM(x.h6), SUM(x.h7), SUM(x.h8), SUM(x.h9), SUM(x.h10),
        SUM(x.h11), SUM(x.h12), SUM(x.h13), SUM(x.h14), SUM(x.h15), SUM(x.h16),
        SUM(x.h17), SUM(x.h18), SUM(x.h19), SUM(x.h20), SUM(x.h21), SUM(x.h22),
        SUM(x.h23)
    FROM (SELECT date(NEW.local) AS day,
                 NEW.sign AS visits,
                 NEW.sign * (NEW.toured AND NEW.platform = 'web') AS web_tours,
                 NEW.sign * (NEW.toured AND NEW.platform = 'app') AS app_tours,
                 NEW.sign * (NEW.toured AND NEW.platform = 'call') AS call_tours,
                 CASE WHEN NEW.visitor_before IS NULL OR date(NEW.local) > NEW.visitor_before THEN NEW.sign ELSE 0 END AS visitors,
                 CASE WHEN NEW.pair_before IS NULL OR date(NEW.local) > NEW.pair_before THEN NEW.sign ELSE 0 END AS pairs,
                 NEW.sign * (NEW.toured AND strftime('%w', NEW.local) = '0') AS w0,
                 NEW.sign * (NEW.toured AND strftime('%w', NEW.local) = '1') AS w1,
                 NEW.sign * (NEW.toured AND strftime('%w', NEW.local) = '2') AS w2,
                 NEW.sign * (NEW.toured AND strftime('%w', NEW.local) = '3') AS w3,
                 NEW.sign * (NEW.toured AND strftime('%w', NEW.local) = '4') AS w4,
                 NEW.sign * (NEW.toured AND strftime('%w', NEW.local) = '5') AS w5,
                 NEW.sign * (NEW.toured AND strftime('%w', NEW.local) = '6') AS w6,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '00') AS h0,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '01') AS h1,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '02') AS h2,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '03') AS h3,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '04') AS h4,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '05') AS h5,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '06') AS h6,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '07') AS h7,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '08') AS h8,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '09') AS h9,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '10') AS h10,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '11') AS h11,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '12') AS h12,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '13') AS h13,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '14') AS h14,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '15') AS h15,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '16') AS h16,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '17') AS h17,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '18') AS h18,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '19') AS h19,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '20') AS h20,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '21') AS h21,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '22') AS h22,
                 NEW.sign * (NEW.toured AND strftime('%H', NEW.local) = '23') AS h23
          WHERE NEW.local IS NOT NULL
          UNION ALL
          SELECT NEW.visitor_before, 0, 0, 0, 0, -NEW.sign, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
          WHERE date(NEW.local) > NEW.visitor_before
          UNION ALL
          SELECT NEW.pair_before, 0, 0, 0, 0, 0, -NEW.sign, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
          WHERE date(NEW.local) > NEW.pair_before) x
    GROUP BY x.day;
    DELETE FROM community_visit_placed;
END;

-- A community inserted here has its rows written again from all its visits, then leaves: when
-- one of its homes changes zone, moves to another community or is deleted (its visits' deletes
-- find no home, so no community, to change).
CREATE TABLE community_visit_stale (community_id INTEGER NOT NULL);
CREATE TRIGGER community_visit_totals_write AFTER INSERT ON community_visit_stale BEGIN
    DELETE FROM community_visit_totals WHERE community_id = NEW.community_id;
    INSERT INTO community_visit_totals
    SELECT NEW.community_id, e.day,
        SUM(SUM(e.visits)) OVER running, SUM(SUM(e.web_tours)) OVER running,
        SUM(SUM(e.app_tours)) OVER running, SUM(SUM(e.call_tours)) OVER running,
        SUM(SUM(e.visitors)) OVER running, SUM(SUM(e.pairs)) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = '0')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = '1')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = '2')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = '3')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = '4')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = '5')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.weekday = '6')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '00')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '01')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '02')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '03')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '04')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '05')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '06')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '07')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '08')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '09')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '10')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '11')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '12')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '13')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '14')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '15')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '16')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '17')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '18')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '19')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '20')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '21')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '22')) OVER running,
        SUM(COUNT(*) FILTER (WHERE e.hour = '23')) OVER running
    -- Each visit on its day; each visitor and each pair on the day of their last visit.
    FROM (SELECT date(local) AS day, 1 AS visits,
                 visit_status_id = 156 AND lower(coalesce(platform, '')) = 'web' AS web_tours,
                 visit_status_id = 156 AND lower(coalesce(platform, '')) = 'app' AS app_tours,
                 visit_status_id = 156 AND lower(coalesce(platform, '')) = 'call' AS call_tours,
                 0 AS visitors, 0 AS pairs,
                 CASE WHEN visit_status_id = 156 THEN strftime('%w', local) END AS weekday,
                 CASE WHEN visit_status_id = 156 THEN strftime('%H', local) END AS hour
          FROM community_visit_clocks WHERE community_id = NEW.community_id AND local IS NOT NULL
          UNION ALL
          SELECT max(date(local)), 0, 0, 0, 0, 1, 0, NULL, NULL
          FROM community_visit_clocks WHERE community_id = NEW.community_id AND local IS NOT NULL
          GROUP BY customer_id
          UNION ALL
          SELECT max(date(local)), 0, 0, 0, 0, 0, 1, NULL, NULL
          FROM community_visit_clocks WHERE community_id = NEW.community_id AND local IS NOT NULL
          GROUP BY customer_id, property_id) e
    WHERE EXISTS (SELECT 1 FROM communities WHERE id = NEW.community_id)
    GROUP BY e.day
    WINDOW running AS (ORDER BY e.day);
    DELETE FROM community_visit_stale;
END;

-- Visits added, removed or changed (home, visitor, time, status, platform) move through
-- community_visit_moves: a change is the old visit taken away and the new one added.
CREATE TRIGGER community_visit_totals_visit_insert AFTER INSERT ON customer_visits BEGIN
    INSERT INTO community_visit_moves VALUES (1, NEW.customer_visit_id, NEW.property_id,
        NEW.customer_id, NEW.visited_on, NEW.visit_status_id, NEW.platform);
END;
CREATE TRIGGER community_visit_totals_visit_delete AFTER DELETE ON customer_visits BEGIN
    INSERT INTO community_visit_moves VALUES (-1, OLD.customer_visit_id, OLD.property_id,
        OLD.customer_id, OLD.visited_on, OLD.visit_status_id, OLD.platform);
END;
CREATE TRIGGER community_visit_totals_visit_update
    AFTER UPDATE OF property_id, customer_id, visited_on, visit_status_id, platform ON customer_visits
    WHEN NEW.property_id <> OLD.property_id OR NEW.customer_id <> OLD.customer_id
        OR NEW.visited_on <> OLD.visited_on OR NEW.visit_status_id IS NOT OLD.visit_status_id
        OR NEW.platform IS NOT OLD.platform
BEGIN
    INSERT INTO community_visit_moves VALUES (-1, OLD.customer_visit_id, OLD.property_id,
        OLD.customer_id, OLD.visited_on, OLD.visit_status_id, OLD.platform);
    INSERT INTO community_visit_moves VALUES (1, NEW.customer_visit_id, NEW.property_id,
        NEW.customer_id, NEW.visited_on, NEW.visit_status_id, NEW.platform);
END;
CREATE TRIGGER community_visit_totals_home AFTER UPDATE OF timezone, community_id ON properties
    WHEN NEW.timezone IS NOT OLD.timezone OR NEW.community_id <> OLD.community_id
BEGIN
    INSERT INTO community_visit_stale SELECT OLD.community_id UNION SELECT NEW.community_id;
END;
CREATE TRIGGER community_visit_totals_home_delete AFTER DELETE ON properties BEGIN
    INSERT INTO community_visit_stale VALUES (OLD.community_id);
END;

-- What is there already, community by community.
INSERT INTO community_visit_stale SELECT id FROM communities;
