-- The device simulator's devices: each one's whole state (codes, battery, faults, recent
-- events) as JSON text, changed one device at a time in a write transaction, so the simulated
-- hardware survives restarts and several servers share it.
CREATE TABLE sim_devices (
    serial TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    modified_on TIMESTAMPTZ NOT NULL
);
