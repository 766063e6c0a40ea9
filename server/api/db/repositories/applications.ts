import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../database.js';
import { applications } from '../schema.js';
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
  /** its tokens may only read */
  readOnly: boolean;
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
  readOnly: applications.readOnly,
};

/** Stores an application whose client id and secret hash auth made (server/api/auth/applications.ts). */
export async function insertApplication(
  db: DbOrTx,
  input: {
    orgId: number;
    name: string;
    redirectUris: string[];
    clientId: string;
    secretHash: string;
    readOnly?: boolean;
  },
): Promise<Application> {
  const [application] = await db.insert(applications).values(input).returning(columns);
  return application;
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
