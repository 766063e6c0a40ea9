-- Programmatic access (decision 026), as the hosted service has it: an organization is open to anonymous v2 reads or
-- not (new organizations: not), and a division of an open organization may be closed on its own.
ALTER TABLE organizations ADD COLUMN programmatic_access boolean NOT NULL DEFAULT false;
ALTER TABLE divisions ADD COLUMN programmatic_access boolean NOT NULL DEFAULT true;

-- A competition's guid is unique in its organization, not across organizations (decision 027): an imported
-- recap page keeps its published guid, and the same page may be imported into two organizations.
ALTER TABLE competitions DROP CONSTRAINT competitions_guid_key;
ALTER TABLE competitions ADD CONSTRAINT competitions_org_guid_key UNIQUE (org_id, guid);
-- Anonymous reads look a guid up across organizations (c= without o=).
CREATE INDEX competitions_guid_idx ON competitions (guid);

-- Competitions imported from a recap page (org_competition_id = the page's guid) take that guid where no other
-- competition of their organization holds it, and where only one of them came from that page.
UPDATE competitions AS c
SET guid = CAST(lower(c.org_competition_id) AS uuid)
WHERE c.org_competition_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
  AND c.guid <> CAST(lower(c.org_competition_id) AS uuid)
  AND NOT EXISTS (
    SELECT 1 FROM competitions AS other
    WHERE other.org_id = c.org_id AND other.id <> c.id
      AND (other.guid = CAST(lower(c.org_competition_id) AS uuid) OR lower(other.org_competition_id) = lower(c.org_competition_id))
  );
