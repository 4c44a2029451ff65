-- The property search index holds each home's community name beside its own searched text, so
-- a search of three characters or more is answered by the index alone: one lookup that yields
-- every matching home, which the page then reads by key, instead of the index's homes joined
-- with every home of the matching communities and the two de-duplicated.
--
-- Contentless (the text is kept only as trigrams), with deletes by key: the document is no
-- longer one column of properties, so the index cannot read it back from there.
DROP TRIGGER property_search_insert;
DROP TRIGGER property_search_delete;
DROP TRIGGER property_search_update;
DROP TABLE property_search;

CREATE VIRTUAL TABLE property_search USING fts5(
    search_text, content = '', contentless_delete = 1, tokenize = 'trigram'
);
-- The unit separator between the home's text and the community's name, as between the home's
-- columns: no term runs from one into the other.
INSERT INTO property_search (rowid, search_text)
SELECT p.property_id, p.search_text || char(31) || c.name
FROM properties p JOIN communities c ON c.id = p.community_id;

CREATE TRIGGER property_search_insert AFTER INSERT ON properties BEGIN
    INSERT INTO property_search (rowid, search_text)
    SELECT NEW.property_id, NEW.search_text || char(31) || c.name
    FROM communities c WHERE c.id = NEW.community_id;
END;
CREATE TRIGGER property_search_delete AFTER DELETE ON properties BEGIN
    DELETE FROM property_search WHERE rowid = OLD.property_id;
END;
CREATE TRIGGER property_search_update
AFTER UPDATE OF address_1, house_num, subdivision, city, zipcode, marketing_name, mls_number, community_id
ON properties
BEGIN
    DELETE FROM property_search WHERE rowid = OLD.property_id;
    INSERT INTO property_search (rowid, search_text)
    SELECT NEW.property_id, NEW.search_text || char(31) || c.name
    FROM communities c WHERE c.id = NEW.community_id;
END;
CREATE TRIGGER property_search_community_rename AFTER UPDATE OF name ON communities BEGIN
    DELETE FROM property_search
    WHERE rowid IN (SELECT property_id FROM properties WHERE community_id = NEW.id);
    INSERT INTO property_search (rowid, search_text)
    SELECT p.property_id, p.search_text || char(31) || NEW.name
    FROM properties p WHERE p.community_id = NEW.id;
END;
