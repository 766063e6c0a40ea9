import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { Services } from '../api/services.js';
import { organizations } from '../api/db/schema.js';
import { createOrganization, type Organization } from '../api/db/repositories/organizations.js';
import { createApplication } from '../api/auth/applications.js';
import { findApplicationByClientId, revokeApplication } from '../api/db/repositories/applications.js';
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

/**
 * The BFF's sign-in client (decision 086): an Authorization Code + PKCE client of the organization whose redirect
 * URIs are the BFF's callbacks. Kept like the read-only key, in an owner-only file beside the database, and reused
 * across restarts while it still matches and lists every callback asked for; otherwise a new one replaces it (the
 * old one revoked: its secret was only ever in that file).
 *
 * It is a full key, not a read-only one: a user signed in through a read-only key may only read (decision 061).
 */
export async function ensureSignInClient(
  services: Services,
  organization: Organization,
  dataDir: string,
  redirectUris: string[],
): Promise<{ clientId: string; clientSecret: string }> {
  const file = path.join(dataDir, 'signin-credentials.json');
  let previous: string | undefined;
  if (existsSync(file)) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { clientId: string; clientSecret: string };
      previous = saved.clientId;
      const application = await findApplicationByClientId(services.database.db, saved.clientId);
      if (
        application &&
        application.revokedAt === null &&
        application.orgId === organization.id &&
        application.secretHash === sha256Hex(saved.clientSecret) &&
        redirectUris.every((uri) => application.redirectUris.includes(uri))
      ) {
        return { clientId: saved.clientId, clientSecret: saved.clientSecret };
      }
    } catch {
      // unreadable or stale: make a new one below
    }
  }
  const { application, clientSecret } = await createApplication(services.database.db, {
    orgId: organization.id,
    name: 'Scoreboard sign-in (npm start)',
    redirectUris,
  });
  const credentials = { clientId: application.clientId, clientSecret };
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  if (previous && previous !== application.clientId) await revokeApplication(services.database.db, previous);
  return credentials;
}

/**
 * BFF_SESSION_SECRET when none is given: 32 random bytes, made once and kept in an owner-only file in the data
 * directory, so sessions survive a restart (decision 086).
 */
export function ensureSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
