import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { applications } from '../schema.js';
import { randomToken, sha256Hex } from '../../auth/secrets.js';

/** An OAuth2 client ("API key") of one organization. The secret itself is never stored, only its sha-256. */
export interface Application {
  id: number;
  orgId: number;
  clientId: string;
  secretHash: string;
  name: string;
  redirectUris: string[];
}

const columns = {
  id: applications.id,
  orgId: applications.orgId,
  clientId: applications.clientId,
  secretHash: applications.secretHash,
  name: applications.name,
  redirectUris: applications.redirectUris,
};

/** Creates an application and returns its plain secret: the only moment anyone sees it. */
export async function createApplication(
  db: DbOrTx,
  input: { orgId: number; name: string; redirectUris?: string[] },
): Promise<{ application: Application; clientSecret: string }> {
  const clientSecret = randomToken(32);
  const [application] = await db
    .insert(applications)
    .values({
      orgId: input.orgId,
      clientId: randomToken(18),
      secretHash: sha256Hex(clientSecret),
      name: input.name,
      redirectUris: input.redirectUris ?? [],
    })
    .returning(columns);
  return { application, clientSecret };
}

export async function findApplicationByClientId(db: DbOrTx, clientId: string): Promise<Application | undefined> {
  const [application] = await db.select(columns).from(applications).where(eq(applications.clientId, clientId));
  return application;
}

export async function findApplicationById(db: DbOrTx, id: number): Promise<Application | undefined> {
  const [application] = await db.select(columns).from(applications).where(eq(applications.id, id));
  return application;
}
