-- A count of the changes to the tables the property list reads (homes, communities, builders,
-- catalog names), kept by triggers: a search's ordered keys are reused only while it is
-- unchanged (db::list_keys). Each database starts at a random count, so two databases opened by
-- one process (tests open many) never share a count by chance.
CREATE TABLE list_versions (
    name TEXT PRIMARY KEY,
    version BIGINT NOT NULL
);

INSERT INTO list_versions (name, version) VALUES ('homes', floor(random() * 1e12)::BIGINT);

-- Once per statement, before it: a transaction takes the count's row lock before any row of
-- these tables, so two writers meet on the count first instead of deadlocking on it.
CREATE FUNCTION homes_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
    RETURN NULL;
END;
$$;

CREATE TRIGGER properties_homes_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON properties
    FOR EACH STATEMENT EXECUTE FUNCTION homes_version_bump();
CREATE TRIGGER communities_homes_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON communities
    FOR EACH STATEMENT EXECUTE FUNCTION homes_version_bump();
CREATE TRIGGER builders_homes_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON builders
    FOR EACH STATEMENT EXECUTE FUNCTION homes_version_bump();
CREATE TRIGGER catalog_homes_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog
    FOR EACH STATEMENT EXECUTE FUNCTION homes_version_bump();
