-- Nothing on SQLite: it sorts a missing last visit lowest already, as its indexes keep it; the
-- PostgreSQL indexes are made to match (`ListSpec::nullable_sorts`).
SELECT 1;
