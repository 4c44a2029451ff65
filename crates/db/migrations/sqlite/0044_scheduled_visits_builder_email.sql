-- A builder's tours booked by email: emails that follow their builder (an integration's addresses,
-- or the bench world's `visitor{builder}.{n}@...`) put one builder's first rows of the global
-- order 130,000 entries in, and PostgreSQL walked there rather than sort the builder's 10,000.
CREATE INDEX scheduled_visits_builder_email ON scheduled_visits (builder_id, lower(email), id);
