-- Messages leave through a channel chosen by configuration (the outbox, SMTP, a text gateway);
-- each keeps how it went: queued, sent, failed (with the error) or, for texts, opted_out when
-- the number had replied STOP. A reply STOP puts the number here; START takes it off.
ALTER TABLE mail_outbox ADD COLUMN channel TEXT;
ALTER TABLE mail_outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'queued';
ALTER TABLE mail_outbox ADD COLUMN error TEXT;
ALTER TABLE mail_outbox ADD COLUMN provider_id TEXT;
UPDATE mail_outbox SET status = 'sent', channel = 'outbox' WHERE delivered_on IS NOT NULL;
CREATE INDEX mail_outbox_created ON mail_outbox (created_on);

ALTER TABLE sms_outbox ADD COLUMN channel TEXT;
ALTER TABLE sms_outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'queued';
ALTER TABLE sms_outbox ADD COLUMN provider_id TEXT;
ALTER TABLE sms_outbox ADD COLUMN error TEXT;
UPDATE sms_outbox SET status = 'sent', channel = 'outbox' WHERE delivered_on IS NOT NULL;
CREATE INDEX sms_outbox_created ON sms_outbox (created_on);

CREATE TABLE sms_opt_outs (
    phone TEXT PRIMARY KEY,
    opted_out_on TEXT NOT NULL
);

-- Mail and texts together, for the platform admins' outbox screen.
CREATE VIEW outbox_messages AS
    SELECT 'mail-' || id AS message_key, 'mail' AS kind, id, to_address AS recipient, subject, body,
           channel, status, error, created_on, delivered_on
      FROM mail_outbox
    UNION ALL
    SELECT 'text-' || id, 'text', id, to_number, NULL, body, channel, status, error, created_on, delivered_on
      FROM sms_outbox;
