-- Registration for contests (issue 39, item 3; docs/decisions/136-registration.md). The circuit opens a competition's
-- registration (dates, the divisions offered with a capacity and a fee each, a note); a group's administrator
-- registers one of its groups in one offered division; the circuit accepts, waitlists or refuses, and marks paid.
CREATE TABLE registration_windows (
  competition_id integer PRIMARY KEY REFERENCES competitions(id) ON DELETE CASCADE,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL,
  note text NOT NULL DEFAULT '',
  -- [{ divisionId, capacity, feeCents }]
  divisions jsonb NOT NULL,
  CHECK (closes_at > opens_at)
);

CREATE TABLE registrations (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  competition_id integer NOT NULL REFERENCES competitions(id) ON DELETE CASCADE,
  division_id integer NOT NULL REFERENCES divisions(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
  state text NOT NULL CHECK (state IN ('requested', 'accepted', 'waitlisted', 'withdrawn', 'refused')),
  reason text NOT NULL DEFAULT '',
  paid boolean NOT NULL DEFAULT false,
  -- the performance accepting it made (null until accepted, and again once withdrawn)
  performance_id integer REFERENCES performances(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- one live registration of a group in a competition's division; a withdrawn or refused one may be followed by another
CREATE UNIQUE INDEX registrations_live ON registrations (competition_id, division_id, group_id)
  WHERE state IN ('requested', 'accepted', 'waitlisted');
CREATE INDEX registrations_group ON registrations (group_id);
