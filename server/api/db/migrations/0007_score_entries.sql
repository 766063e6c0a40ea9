-- Seats that name a judge user, and each caption entry's state and version
-- (docs/decisions/080-entry-states-and-conflicts.md).

-- A seat may name the judge user who enters its caption; the printed names stay (a name alone is paper judging).
ALTER TABLE panel_judges ADD COLUMN user_id integer REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX panel_judges_user_idx ON panel_judges (user_id) WHERE user_id IS NOT NULL;

-- One row per caption entry (a judge's sheet for one performance), written with every score write through the API.
-- The numbers stay in subcaption_scores; a draft's numbers are there too but are not tabulated. A caption with
-- numbers and no row here (imported, or entered before this table) is a submitted entry at version 1.
CREATE TABLE score_entries (
  performance_id integer NOT NULL REFERENCES performances(id) ON DELETE CASCADE,
  caption_key text NOT NULL,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  state text NOT NULL CHECK (state IN ('draft', 'submitted')),
  version integer NOT NULL CHECK (version >= 1),
  -- who wrote it last: {kind: "user"|"key", id, name}, as the audit trail names an actor
  actor jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (performance_id, caption_key)
);
CREATE INDEX score_entries_org_idx ON score_entries (org_id);
