-- People and roles, read-only keys, one-time password links, and the audit chain
-- (docs/decisions/061-roles-and-permissions.md, 062-audit-chain.md).

-- Every user has one role; what each may do is server/api/http/permissions.ts. Existing users were all
-- administrators in effect (they could do everything), so they stay that.
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'administrator';
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('administrator', 'tabulator', 'chief-judge', 'judge'));
ALTER TABLE users ADD COLUMN first_name text NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN last_name text NOT NULL DEFAULT '';
-- A disabled user cannot sign in, and the tokens it holds stop working (server/api/auth/auth-state.ts).
ALTER TABLE users ADD COLUMN disabled_at timestamptz;
-- A user made without a password sets it through a one-time link (password_links) before signing in.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;

-- A read-only key's tokens may only read; other keys keep full access.
ALTER TABLE applications ADD COLUMN read_only boolean NOT NULL DEFAULT false;

-- One-time links to set a password: only the sha-256 of the link's token is kept; a link is deleted when used.
CREATE TABLE password_links (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX password_links_expires_idx ON password_links (expires_at);

-- The organization's audit trail: one row per write, each carrying the hash of the one before (a SHA-256 chain
-- over a canonical JSON of the entry). (org_id, seq) is the primary key, so two writers can never both append
-- entry N: the chain cannot fork even if the lock that orders appends were missing.
CREATE TABLE audit_entries (
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  at text NOT NULL,
  actor jsonb NOT NULL,
  action text NOT NULL,
  resource_type text NOT NULL,
  resource_id text,
  -- the competition the resource belongs to, when it belongs to one (GET /audit/?competitionId=)
  competition_id integer,
  before jsonb,
  after jsonb,
  reason text,
  previous_hash text NOT NULL,
  hash text NOT NULL,
  PRIMARY KEY (org_id, seq)
);
CREATE INDEX audit_entries_competition_idx ON audit_entries (org_id, competition_id, seq);

-- The head of each organization's chain (its last seq and hash), written with every append: a deleted last
-- entry (which no later entry points at) is found by comparing the chain's end with this row.
CREATE TABLE audit_heads (
  org_id integer PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  hash text NOT NULL
);
