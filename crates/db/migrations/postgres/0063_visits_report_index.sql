-- Nothing on PostgreSQL: SQLite's migration 0063 lets its visit report read the visits from an
-- index; PostgreSQL's visit report reads a page's visits in a fraction of its budget already.
SELECT 1;
