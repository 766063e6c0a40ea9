import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { applications } from '../schema.js';
import { randomToken, sha256Hex } from '../../auth/secrets.js';
import { announceAuthChange } from './auth-changes.js';

/** An OAuth2 client ("API key") of one organization. The secret itself is never stored, only its sha-256. */
export interface Application {
  id: number;
  orgId: number;
  clientId: string;
  secretHash: string;
  name: string;
  redirectUris: string[];
  createdAt: Date;
  /** set once the key is revoked: it gets no tokens, and the ones it had stop working */
  revokedAt: Date | null;
}

const columns = {
  id: applications.id,
  orgId: applications.orgId,
  clientId: applications.clientId,
  secretHash: applications.secretHash,
  name: applications.name,
  redirectUris: applications.redirectUris,
  createdAt: applications.createdAt,
  revokedAt: applications.revokedAt,
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

/** The application with this client id, revoked or not (callers decide what a revoked one may do). */
export async function findApplicationByClientId(db: DbOrTx, clientId: string): Promise<Application | undefined> {
  const [application] = await db.select(columns).from(applications).where(eq(applications.clientId, clientId));
  return application;
}

/** The organization's applications, oldest first, revoked ones included. */
export async function listApplications(db: DbOrTx, orgId: number): Promise<Application[]> {
  return db.select(columns).from(applications).where(eq(applications.orgId, orgId)).orderBy(asc(applications.id));
}

/**
 * Revokes the application with this client id and tells every instance; revoking twice keeps the first time.
 * Undefined when there is no such application.
 */
export async function revokeApplication(db: DbOrTx, clientId: string): Promise<Application | undefined> {
  return db.transaction(async (tx) => {
    await tx
      .update(applications)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(applications.clientId, clientId), isNull(applications.revokedAt)));
    const application = await findApplicationByClientId(tx, clientId);
    if (application) await announceAuthChange(tx, 'revocations');
    return application;
  });
}

/**
 * Ids of the applications revoked less than `withinSeconds` ago. Tokens live at most the token lifetime and are
 * never issued to a revoked application, so every token of an application revoked longer ago has expired anyway.
 */
export async function recentlyRevokedApplicationIds(db: DbOrTx, withinSeconds: number): Promise<number[]> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(sql`${applications.revokedAt} > now() - make_interval(secs => ${withinSeconds})`);
  return rows.map((row) => row.id);
}
