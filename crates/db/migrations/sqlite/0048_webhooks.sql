-- Webhooks (spec 3: Webhooks): one per builder and event type. Each domain event of a type a
-- builder's webhook listens to becomes a delivery, written in the event's transaction with the
-- job that sends it; every attempt to send it is kept for the webhook's delivery log.
CREATE TABLE webhooks (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    payload_url TEXT NOT NULL,
    content_type TEXT NOT NULL,
    event_type TEXT NOT NULL,
    secret TEXT NOT NULL DEFAULT '',
    created_on TEXT NOT NULL,
    modified_on TEXT NOT NULL,
    -- The first failed attempt since the last delivered one.
    failing_since TEXT,
    disabled_on TEXT,
    disabled_reason TEXT,
    UNIQUE (builder_id, event_type)
);
CREATE INDEX webhooks_builder_created ON webhooks (builder_id, created_on);
CREATE INDEX webhooks_created ON webhooks (created_on);

CREATE TABLE webhook_deliveries (
    id INTEGER PRIMARY KEY,
    webhook_id INTEGER NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    -- The webhook-id header: the same on every attempt, so a receiver can drop repeats.
    message_id TEXT NOT NULL UNIQUE,
    event_type TEXT NOT NULL,
    data TEXT NOT NULL,
    test INTEGER NOT NULL DEFAULT 0,
    created_on TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_on TEXT,
    finished_on TEXT
);
CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, id);

CREATE TABLE webhook_attempts (
    id INTEGER PRIMARY KEY,
    delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempted_on TEXT NOT NULL,
    status_code INTEGER,
    duration_ms INTEGER NOT NULL,
    response TEXT NOT NULL DEFAULT '',
    error TEXT
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id);
