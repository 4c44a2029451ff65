-- The properties list sorted by disposition or by lock status reads each catalogue entry's homes
-- in key order (db::list::SortRuns). These indexes give that order and hold the builder too, so a
-- page of an enterprise reads index entries alone, even where it skips thousands of them.
DROP INDEX properties_disposition_order;
CREATE INDEX properties_disposition_order ON properties (disposition_id, property_id, builder_id);
CREATE INDEX properties_lock_status_order ON properties (lock_status_id, property_id, builder_id);
