-- The dashboard's count of homes sold (or rented) in the last 30 days reads a range of this index
-- for each builder and status, instead of every sold home's row.
CREATE INDEX properties_disposition_on ON properties (builder_id, disposition_id, disposition_on);
