-- Signing out ends the session on every instance, and a password change or a disabling ends all of a user's
-- sessions (docs/decisions/118-sign-out-revokes-the-token.md).

-- A user's tokens carry the session version they were issued under; setting a new password or disabling the user
-- adds one, and every token issued before stops working (server/api/auth/tokens.ts). Tokens from before this
-- migration carry none, which counts as 0.
ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0;

-- Single tokens revoked before they expire (POST /v3/oauth2/revoke, RFC 7009), by their jti, until they expire:
-- the purge deletes a row once its token could no longer be used anyway.
CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz NOT NULL DEFAULT now()
);
-- Instances read the revocations newer than the last they saw (auth-state.ts); the purge finds expired ones.
CREATE INDEX revoked_tokens_revoked_idx ON revoked_tokens (revoked_at);
CREATE INDEX revoked_tokens_expires_idx ON revoked_tokens (expires_at);
