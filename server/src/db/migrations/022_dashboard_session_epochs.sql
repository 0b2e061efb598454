-- A dashboard session stands for the merchant's API key; an incident response must be able to end it.
-- Each merchant has a session epoch and each session the epoch it signed in at: a session authenticates
-- only while the two are equal, so ending every session of a merchant is one change of its row, and the
-- check is part of the one statement that reads a session with its merchant. The epoch moves whenever the
-- merchant's keys change (the operator's rotation, or one from the dashboard) and when the merchant is
-- disabled, whoever changes the row: a trigger, so that no writer can forget it. Enabling the merchant
-- again does not bring its sessions back.
ALTER TABLE merchants ADD COLUMN session_epoch integer NOT NULL DEFAULT 0;
ALTER TABLE dashboard_sessions ADD COLUMN merchant_epoch integer NOT NULL DEFAULT 0;

-- The wallet whose dashboard session issued the current secret API key (NULL: the operator, or the key
-- itself, issued it). Such a key is revoked in the same transaction that takes that wallet's access away
-- (the wallet removed, the recipient changed from it), so rotating the key from a session is no way to
-- keep access.
ALTER TABLE merchants ADD COLUMN api_key_issued_by text CHECK (api_key_issued_by ~ '^0x[0-9a-f]{40}$');

CREATE FUNCTION kassa_end_dashboard_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.session_epoch := OLD.session_epoch + 1;
  RETURN NEW;
END;
$$;
CREATE TRIGGER merchants_end_dashboard_sessions BEFORE UPDATE ON merchants
  FOR EACH ROW
  WHEN (OLD.api_key_hash IS DISTINCT FROM NEW.api_key_hash
    OR OLD.public_key_hash IS DISTINCT FROM NEW.public_key_hash
    OR (OLD.is_enabled AND NOT NEW.is_enabled))
  EXECUTE FUNCTION kassa_end_dashboard_sessions();
