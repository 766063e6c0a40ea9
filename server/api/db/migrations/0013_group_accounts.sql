-- The groups' own accounts (docs/decisions/133-group-accounts.md): a user may be one of
-- a group's administrators or its staff, for one or more groups of its organization.
ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check
  CHECK (role IN ('administrator', 'tabulator', 'chief-judge', 'judge', 'group-administrator', 'group-staff'));

-- Which groups a group's account acts for, and as what in each. users.role is 'group-administrator' when one of
-- these rows is, else 'group-staff' (kept so by repositories/group-accounts.ts in the same transaction).
CREATE TABLE group_memberships (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('group-administrator', 'group-staff')),
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, group_id)
);
CREATE INDEX group_memberships_group_idx ON group_memberships (group_id);

-- "Find my group": a person asks for an account of a group; the circuit approves (the account is made or widened)
-- or refuses. Kept after the decision, with who decided and why.
CREATE TABLE access_requests (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('group-administrator', 'group-staff')),
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'refused')),
  decided_at timestamptz,
  decided_by integer REFERENCES users(id) ON DELETE SET NULL,
  reason text NOT NULL DEFAULT ''
);
CREATE INDEX access_requests_org_idx ON access_requests (org_id, state, id);
