-- Access tokens are signed with Ed25519 keys (EdDSA): verifying needs only a public key, and a key that no
-- longer signs keeps its public key alone until the tokens it signed have expired (server/api/auth/key-ring.ts,
-- docs/decisions/009-signing-keys-and-revocation.md). Keys from before this migration are HS256 secrets: they
-- are retired now, verify the tokens they signed until those expire, and are then deleted.
ALTER TABLE signing_keys ADD COLUMN algorithm text NOT NULL DEFAULT 'HS256';
ALTER TABLE signing_keys ALTER COLUMN algorithm DROP DEFAULT;
-- HS256 only: the shared secret (signs and verifies)
ALTER TABLE signing_keys ALTER COLUMN secret DROP NOT NULL;
-- EdDSA only: SPKI and PKCS#8 PEM; the private key is set to null when the key is retired
ALTER TABLE signing_keys ADD COLUMN public_key text;
ALTER TABLE signing_keys ADD COLUMN private_key text;
-- when a newer key took over signing; null for the key that signs now
ALTER TABLE signing_keys ADD COLUMN retired_at timestamptz;
UPDATE signing_keys SET retired_at = now();

-- A revoked application gets no tokens, and the tokens it had stop working (server/api/auth/revocations.ts).
ALTER TABLE applications ADD COLUMN revoked_at timestamptz;

-- A redeemed authorization code is deleted at once (repositories/authorization-codes.ts), so none is kept "used".
DELETE FROM authorization_codes WHERE used_at IS NOT NULL;
ALTER TABLE authorization_codes DROP COLUMN used_at;

-- The purge of expired rows (server/api/db/repositories/expired-rows.ts) finds them by these.
CREATE INDEX authorization_codes_expires_idx ON authorization_codes (expires_at);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
