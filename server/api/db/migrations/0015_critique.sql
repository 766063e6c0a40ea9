-- Critique sign-up (issue 39, item 4; docs/decisions/137-critique-sign-up.md). The circuit opens critique for a
-- competition's division and round: the stations in the order a group visits them, a slot's length, the window and
-- whether groups pick or are placed in performance order (placing is computed from the running order, never stored).
CREATE TABLE critiques (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  round_id integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  division_id integer NOT NULL REFERENCES divisions(id) ON DELETE CASCADE,
  -- ["Ensemble", "Effect", ...]
  stations jsonb NOT NULL,
  slot_minutes integer NOT NULL CHECK (slot_minutes > 0),
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  mode text NOT NULL CHECK (mode IN ('pick', 'performance-order')),
  CHECK (ends_at > starts_at),
  UNIQUE (round_id, division_id)
);

-- A slot a group holds: first come is the database's (one group a slot, one slot a group); changing moves the row.
CREATE TABLE critique_slots (
  critique_id integer NOT NULL REFERENCES critiques(id) ON DELETE CASCADE,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  slot integer NOT NULL CHECK (slot > 0),
  taken_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (critique_id, group_id),
  UNIQUE (critique_id, slot)
);
CREATE INDEX critique_slots_group ON critique_slots (group_id);
