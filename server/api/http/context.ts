import type { OpenAPIHono } from '@hono/zod-openapi';
import type { GroupRole, Role } from '../../../domain/roles.js';
import type { PendingAudit, Permission } from './permissions.js';
import type { Db } from '../db/database.js';
import type { AuditActor } from '../db/schema.js';

/** Who is calling: set by the bearer middleware from a verified access token. */
export interface AuthContext {
  orgId: number;
  orgGuid: string;
  applicationId: number;
  clientId: string;
  /** present for tokens from the Authorization Code flow */
  userId?: number;
  /** the user's role as it is now (looked up on every request, not taken from the token) */
  role?: Role;
  /** a group's account: the groups it acts for and its role in each, looked up with the role (decision 133) */
  groups?: ReadonlyMap<number, GroupRole>;
  /** a read-only key's token: it may only read, whoever signed in through it */
  readOnly?: boolean;
}

/** A caller without a token, on the v2 reads open to anonymous callers (decision 026). */
export interface AnonymousCaller {
  /** the peer address, which the anonymous rate limit counts */
  address: string;
}

export interface AppEnv {
  Variables: {
    /** set on every route behind the bearer middleware, except for an anonymous caller of an open v2 read */
    auth: AuthContext;
    /** set instead of `auth` when an open v2 read is called without a token */
    anonymous?: AnonymousCaller;
    requestId: string;
    /** who writes, read by the write unit's first statement (http/write-unit.ts, requestActor) */
    actor?: AuditActor;
    /** set by a route's permission check (http/permissions.ts) once the caller passed it */
    permission?: Permission;
    /** what the write unit appends to the audit trail when the write succeeds (http/permissions.ts) */
    audit?: PendingAudit;
    /**
     * a write of several resources at once (a bulk score entry) sets one change per resource instead, appended in
     * this order in place of `audit`
     */
    audits?: PendingAudit[];
    /** the write's "why" from its body (`reason`), which the audit trail records in place of X-Audit-Reason */
    reason?: string;
    /** the database as the write unit's transaction sees it, for what runs around a write's handler */
    db?: Db;
    /**
     * the write changed what tokens may do (a user's role or standing): once it commits, this instance re-reads
     * before it answers, so the caller's next request is judged by the change, notification or not
     */
    authChanged?: true;
  };
}

export type ApiRouter = OpenAPIHono<AppEnv>;
