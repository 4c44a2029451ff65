-- Nothing on SQLite: its home_tour_totals is kept in the order of its key (WITHOUT ROWID), each
-- home's rows together, however they are written (PostgreSQL's 0068 writes them by day).
SELECT 1;
