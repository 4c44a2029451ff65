-- A count of the changes to the tables the property list reads (homes, communities, builders,
-- catalog names), kept by triggers: a search's ordered keys are reused only while it is
-- unchanged (db::list_keys). Each database starts at a random count, so two databases opened by
-- one process (tests open many) never share a count by chance.
CREATE TABLE list_versions (
    name TEXT PRIMARY KEY,
    version INTEGER NOT NULL
);

INSERT INTO list_versions (name, version) VALUES ('homes', abs(random() % 1000000000000));

CREATE TRIGGER properties_homes_version_insert AFTER INSERT ON properties BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
CREATE TRIGGER properties_homes_version_update AFTER UPDATE ON properties BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
CREATE TRIGGER properties_homes_version_delete AFTER DELETE ON properties BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
CREATE TRIGGER communities_homes_version_insert AFTER INSERT ON communities BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
CREATE TRIGGER communities_homes_version_update AFTER UPDATE ON communities BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
CREATE TRIGGER communities_homes_version_delete AFTER DELETE ON communities BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
CREATE TRIGGER builders_homes_version_insert AFTER INSERT ON builders BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
CREATE TRIGGER builders_homes_version_update AFTER UPDATE ON builders BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
CREATE TRIGGER builders_homes_version_delete AFTER DELETE ON builders BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
CREATE TRIGGER catalog_homes_version_insert AFTER INSERT ON catalog BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
CREATE TRIGGER catalog_homes_version_update AFTER UPDATE ON catalog BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
CREATE TRIGGER catalog_homes_version_delete AFTER DELETE ON catalog BEGIN
    UPDATE list_versions SET version = version + 1 WHERE name = 'homes';
END;
