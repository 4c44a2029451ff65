-- One row per sign-in: every token of it names the row (`sid`), so signing out, or an admin
-- ending a user's sessions, revokes tokens that have not expired yet. A removed user's
-- sessions go with them.
CREATE TABLE sessions (
    session_id TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
    created_on TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- A new password voids every outstanding reset link of its user.
CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id) WHERE used_at IS NULL;
