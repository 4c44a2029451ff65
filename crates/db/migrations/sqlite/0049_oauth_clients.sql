-- API keys (spec 1 and 3: OAuth clients): a builder's clients of the public API. Each acts for
-- its builder with the rights of the staff member who made it, and goes with them. The secret is
-- kept only as its SHA-256: it is shown once, when the client is made.
CREATE TABLE oauth_clients (
    id INTEGER PRIMARY KEY,
    builder_id INTEGER NOT NULL REFERENCES builders (builder_id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    client_id TEXT NOT NULL UNIQUE,
    secret_hash TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX oauth_clients_builder ON oauth_clients (builder_id, created_at);
