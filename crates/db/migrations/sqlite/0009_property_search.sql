-- The text a property search looks in: the home's searched columns in one value, so a search is
-- one LIKE per row instead of one per column. Computed when read (SQLite adds only virtual
-- generated columns to an existing table). The community's name is searched through the
-- community (list engine, `SearchThrough`), so a rename needs no rewrite of its homes.
ALTER TABLE properties ADD COLUMN search_text TEXT GENERATED ALWAYS AS (
    coalesce(address_1, '') || char(31) || coalesce(house_num, '') || char(31) ||
    coalesce(subdivision, '') || char(31) || coalesce(city, '') || char(31) ||
    coalesce(zipcode, '') || char(31) || coalesce(marketing_name, '') || char(31) ||
    coalesce(mls_number, '')
) VIRTUAL;

-- A trigram index of that text (FTS5 reading the column from properties), so a search of three
-- characters or more finds its homes without reading every home in scope. Triggers keep it in
-- step with the homes.
CREATE VIRTUAL TABLE property_search USING fts5(
    search_text, content = 'properties', content_rowid = 'property_id', tokenize = 'trigram'
);
INSERT INTO property_search (property_search) VALUES ('rebuild');
CREATE TRIGGER property_search_insert AFTER INSERT ON properties BEGIN
    INSERT INTO property_search (rowid, search_text) VALUES (NEW.property_id, NEW.search_text);
END;
CREATE TRIGGER property_search_delete AFTER DELETE ON properties BEGIN
    INSERT INTO property_search (property_search, rowid, search_text)
    VALUES ('delete', OLD.property_id, OLD.search_text);
END;
CREATE TRIGGER property_search_update
AFTER UPDATE OF address_1, house_num, subdivision, city, zipcode, marketing_name, mls_number ON properties
BEGIN
    INSERT INTO property_search (property_search, rowid, search_text)
    VALUES ('delete', OLD.property_id, OLD.search_text);
    INSERT INTO property_search (rowid, search_text) VALUES (NEW.property_id, NEW.search_text);
END;
