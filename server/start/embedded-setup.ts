import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { Services } from '../api/services.js';
import { organizations } from '../api/db/schema.js';
import { createOrganization, type Organization } from '../api/db/repositories/organizations.js';
import { createApplication } from '../api/auth/applications.js';
import { findApplicationByClientId } from '../api/db/repositories/applications.js';
import { sha256Hex } from '../api/auth/secrets.js';
import { loadSample } from '../api/sample/load-sample.js';

export const SAMPLE_ORGANIZATION_NAME = 'Sample Winter Circuit';

/** The first organization of the database; on an empty database, a new one loaded with the sample circuit. */
export async function ensureSampleOrganization(services: Services): Promise<Organization> {
  const { db } = services.database;
  const [existing] = await db
    .select({
      id: organizations.id,
      guid: organizations.guid,
      name: organizations.name,
      programmaticAccess: organizations.programmaticAccess,
      requireSignoff: organizations.requireSignoff,
    })
    .from(organizations)
    .orderBy(asc(organizations.id))
    .limit(1);
  if (existing) return existing;
  // The sample is public data, open to anonymous v2 reads as a circuit that publishes its results is (decision 026).
  const organization = await createOrganization(db, { name: SAMPLE_ORGANIZATION_NAME, programmaticAccess: true });
  const started = Date.now();
  await loadSample(services.database, organization.id);
  console.log(
    JSON.stringify({
      level: 'info',
      msg: 'Sample circuit loaded',
      organization: organization.guid,
      ms: Date.now() - started,
    }),
  );
  return organization;
}

/**
 * Credentials for the BFF when none are given: a read-only key (the fans' site only reads), so a
 * leaked BFF secret cannot change a score. Secrets are stored hashed, so the plain one is kept in a file beside
 * the embedded database (owner-only) and reused while it still matches its application and is read-only (a full
 * key saved by an earlier version is replaced).
 */
export async function ensureWebCredentials(services: Services, organization: Organization, dataDir: string) {
  const file = path.join(dataDir, 'web-credentials.json');
  if (existsSync(file)) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { clientId: string; clientSecret: string };
      const application = await findApplicationByClientId(services.database.db, saved.clientId);
      if (
        application &&
        application.revokedAt === null &&
        application.readOnly &&
        application.orgId === organization.id &&
        application.secretHash === sha256Hex(saved.clientSecret)
      ) {
        return saved;
      }
    } catch {
      // unreadable or stale: make new ones below
    }
  }
  const { application, clientSecret } = await createApplication(services.database.db, {
    orgId: organization.id,
    name: 'Scoreboard web app (npm start)',
    readOnly: true,
  });
  const credentials = { clientId: application.clientId, clientSecret };
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}
