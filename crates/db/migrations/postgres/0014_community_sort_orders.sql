-- The communities list's sort orders (name has one since migration 0013): walking one finds a
-- page of an enterprise's communities without sorting all of them. Sorting by status walks the
-- statuses by name and reads each one's communities in key order.
CREATE INDEX communities_city_order ON communities (lower(city), id);
CREATE INDEX communities_state_order ON communities (lower(state), id);
CREATE INDEX communities_zip_order ON communities (zip, id);
CREATE INDEX communities_external_id_order ON communities (lower(external_community_id), id);
CREATE INDEX communities_created_on_order ON communities (created_on, id);
CREATE INDEX communities_created_by_order ON communities (lower(created_by), id);
CREATE INDEX communities_modified_order ON communities (modified_on, id);
CREATE INDEX communities_status_order ON communities (status_id, id);
CREATE INDEX community_statuses_name_order ON community_statuses (lower(status), status_id);
