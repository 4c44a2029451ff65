-- Nothing on SQLite: it reads a community's counts with printf (db::reports), its budget met.
SELECT 1;
