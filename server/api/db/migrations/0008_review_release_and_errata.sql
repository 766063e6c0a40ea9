-- Review before release, release per division and round, and corrections after release
-- (docs/decisions/082-release-gating-and-sign-off.md, 083-errata.md).

-- An organization that requires a chief judge's sign-off before a division and round may be released
-- (cli org update --require-signoff on). Off by default: today's organizations release as they did.
ALTER TABLE organizations ADD COLUMN require_signoff boolean NOT NULL DEFAULT false;

-- One row per division and round that has been signed off or released on its own. `released` null means the
-- section follows its round's scores_released (what every release before this migration, the importer and the
-- sample write): a row is only needed where a section differs from its round or carries a sign-off.
CREATE TABLE section_reviews (
  round_id integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  division_id integer NOT NULL REFERENCES divisions(id),
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  released boolean,
  -- the sign-off: who (the audit trail's actor: {kind, id, name}) and when; both null when not signed off
  signed_off_at timestamptz,
  signed_off_by jsonb,
  PRIMARY KEY (round_id, division_id)
);

-- Errata: each change to a released section's numbers, published beside the current numbers. No reference to
-- the performance: a correction stays published even if its performance is later deleted (with its reason).
CREATE TABLE score_corrections (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  round_id integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  division_id integer NOT NULL,
  performance_id integer NOT NULL,
  -- the caption changed; null for a change of the performance's penalties
  caption_key text,
  at timestamptz NOT NULL DEFAULT now(),
  reason text NOT NULL,
  before jsonb NOT NULL,
  after jsonb NOT NULL
);
CREATE INDEX score_corrections_section_idx ON score_corrections (round_id, division_id, id);
