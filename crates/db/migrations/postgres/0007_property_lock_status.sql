-- The status of the lock installed at a home (catalog type 7), which the list filters on and
-- colours Accessible homes by; none until a lock is installed. The hardware area keeps it.
ALTER TABLE properties ADD COLUMN lock_status_id BIGINT REFERENCES catalog (catalog_id);
CREATE INDEX properties_lock_status ON properties (builder_id, lock_status_id);
-- The dashboard counts homes of a status changed since a day: the index answers it alone.
DROP INDEX properties_disposition;
CREATE INDEX properties_disposition ON properties (builder_id, disposition_id, modified_on);
