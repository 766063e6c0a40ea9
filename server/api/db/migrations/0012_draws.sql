-- The draws of a division and round's running order (issue 40; docs/decisions/, the draw's reproducibility). A draw
-- is only ever added: no operation changes or deletes one, and a new draw of the same division and round is a new
-- row (the latest is the current one), so a published record stays as it was published.
CREATE TABLE draws (
  id serial PRIMARY KEY,
  org_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  guid uuid NOT NULL UNIQUE,
  round_id integer NOT NULL REFERENCES rounds(id) ON DELETE CASCADE,
  division_id integer NOT NULL REFERENCES divisions(id),
  -- the record as published: rule, settings, seed, the entries in input order with their tiers and scores, the order
  record jsonb NOT NULL,
  drawn_by jsonb NOT NULL,
  drawn_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX draws_section_idx ON draws (round_id, division_id, id);
