/**
 * Who may do what: the one place roles are checked (docs/decisions/061-roles-and-permissions.md).
 *
 * Each operation declares the permission it needs beside its schema, with `permitted(permission, route, audit?)`
 * in its `<resource>.routes.ts`; that puts the permission in the OpenAPI document (`x-permission`, and a line of
 * the description) and installs `guard`, which refuses a caller without it (403 problem+json naming it). Reads
 * that declare nothing need `read` (router.ts gives them `readable`): every role of the circuit and every key holds
 * it, a group's accounts do not (decision 133). A write that declares no permission fails loudly in the write unit
 * (http/write-unit.ts) instead of being open.
 */
import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { isId } from '../../../domain/ids.js';
import { ROLES, type Role } from '../../../domain/roles.js';
import type { AppEnv, AuthContext } from './context.js';
import { ApiProblem } from './problem.js';
import { snapshotOf, type AuditResourceType, type Snapshot } from '../db/repositories/audit-snapshots.js';
import { Problem } from '../routes/schemas/common.js';

export const PERMISSIONS = [
  /** every read of the organization's data */
  'read',
  /** seasons, groups, events, competitions, rounds, performances, seats: setting up and correcting a contest */
  'set-up',
  /** any judge's numbers on any caption */
  'enter-scores',
  /** the numbers of the captions the caller is seated on (a judge user; decision 080) */
  'enter-seated-scores',
  /** penalties */
  'enter-penalties',
  /** releasing and withdrawing scores */
  'release',
  /** unreleased scores and the entry progress, to review them before release (decision 082) */
  'read-unreleased',
  /** a chief judge's sign-off of a division and round (decision 082) */
  'sign-off',
  /** the organization's users and their roles */
  'manage-users',
  /** the audit trail */
  'read-audit',
  /** when the server's last backup was made, on the console (decision 114) */
  'read-backups',
  /** the released placements read out at the awards, last place first (issue 36) */
  'read-awards',
  /** recording commentary on the captions the caller is seated on (a judge user; decision 128) */
  'record-commentary',
  /** uploading commentary for any seat (a judge who recorded elsewhere) */
  'upload-commentary',
  /** hearing any commentary, released or not, and its list per performance and caption */
  'listen-commentary',
  /** verifying, moving and clearing commentary */
  'manage-commentary',
  /**
   * a group's contests, its released sheets and commentary: a group's account for its own groups only, the circuit's
   * administrator for any (decision 133)
   */
  'read-group',
  /** the accounts of a group: a group administrator for the groups it administers only (decision 133) */
  'manage-group-accounts',
  /** registering a group for a contest and withdrawing it: a group administrator for its own groups (decision 136) */
  'register-group',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What each role may do (decision 061). A judge enters only the captions it is seated on (a seat naming its user,
 * decision 080): it holds `enter-seated-scores`, which the score writes accept in place of `enter-scores` and then
 * check against the caller's seats.
 */
const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  administrator: PERMISSIONS,
  tabulator: [
    'read',
    'set-up',
    'enter-scores',
    'enter-seated-scores',
    'enter-penalties',
    'release',
    'read-unreleased',
    'read-audit',
    'read-backups',
    'read-awards',
    'record-commentary',
    'upload-commentary',
    'listen-commentary',
    'manage-commentary',
  ],
  'chief-judge': [
    'read',
    'enter-penalties',
    'read-unreleased',
    'sign-off',
    'read-audit',
    'read-backups',
    'read-awards',
    'listen-commentary',
  ],
  judge: ['read', 'enter-seated-scores', 'record-commentary'],
  // A group's accounts do not read the organization (no `read`): only their own groups, each checked against the
  // account's groups by the operation (http/group-scope.ts).
  'group-administrator': ['read-group', 'manage-group-accounts', 'register-group'],
  'group-staff': ['read-group'],
};

/**
 * The caller's permissions: a read-only key's tokens only read (whoever signed in through it); a user's token has
 * its role's; a key's own token (client credentials) has every permission, as keys always had (scripts).
 */
export function permissionsOf(auth: AuthContext): readonly Permission[] {
  if (auth.readOnly) return ['read'];
  if (auth.userId !== undefined) return auth.role ? ROLE_PERMISSIONS[auth.role] : [];
  return PERMISSIONS;
}

/** Which roles hold a permission (for the document and for messages). */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/** What a write changes, declared beside its route: the audit trail's action and resource. */
export interface AuditSpec {
  /** e.g. "group.update" */
  action: string;
  resource: AuditResourceType;
  /** the path parameter that names the resource; absent for a create, whose id is the answer's `id` */
  idParam?: string;
  /** a delete: nothing is left after it */
  deletes?: boolean;
}

/** An audited write's change, filled in by `guard` and appended by the write unit once the write succeeded. */
export interface PendingAudit {
  spec: AuditSpec;
  resourceId?: number;
  competitionId?: number;
  before: unknown;
  after: unknown;
}

/**
 * A narrower permission an operation also accepts: a caller without the operation's permission but with this one
 * gets in, with `c.get('permission')` set to it, and the handler must then hold it to its limit (the score writes:
 * `enter-seated-scores`, the caller's own seats only).
 */
export interface Narrower {
  permission: Permission;
  /** what the narrower permission allows, for the document */
  limit: string;
}

/**
 * Declares the permission an operation needs (and, for a write, what the audit trail records of it): use as
 * `createRoute(permitted('set-up', {...}, {action, resource, idParam}))`.
 */
export function permitted<R extends RouteConfig>(
  permission: Permission,
  route: R,
  audit?: AuditSpec,
  narrower?: Narrower,
) {
  const roles = rolesWith(permission);
  let line = `Permission: \`${permission}\` (roles: ${roles.join(', ')}; API keys that are not read-only).`;
  if (narrower) {
    const only = rolesWith(narrower.permission).filter((role) => !roles.includes(role));
    line += ` Or \`${narrower.permission}\` (roles: ${only.join(', ')}): ${narrower.limit}.`;
  }
  return {
    ...route,
    description: route.description ? `${route.description}\n\n${line}` : line,
    'x-permission': permission,
    ...(narrower ? { 'x-permission-narrower': narrower.permission } : {}),
    middleware: [guard(permission, audit, narrower?.permission)],
    responses: {
      ...route.responses,
      403: {
        description: `The caller lacks the permission \`${permission}\` (named in the problem's \`permission\`)`,
        content: { 'application/problem+json': { schema: Problem } },
      },
    },
  } as R & { middleware: MiddlewareHandler<AppEnv>[] };
}

function guard(permission: Permission, audit?: AuditSpec, narrower?: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth');
    const held = permissionsOf(auth);
    if (held.includes(permission)) c.set('permission', permission);
    else if (narrower !== undefined && held.includes(narrower)) c.set('permission', narrower);
    else throw forbidden(permission, auth);
    if (!audit) return next();
    const db = c.get('db');
    if (!db) throw new Error('An audited write ran outside the write unit');
    // The path is not validated yet (the route's schema runs after this guard): only a well-formed id is looked up,
    // so a malformed or out-of-range one reaches the route's own 400 instead of failing here in the database.
    const raw = audit.idParam === undefined ? undefined : c.req.param(audit.idParam);
    const id = raw !== undefined && /^\d{1,10}$/.test(raw) ? Number(raw) : undefined;
    const known = id !== undefined && isId(id);
    const before: Snapshot | undefined = known ? await snapshotOf(db, auth.orgId, audit.resource, id) : undefined;
    await next();
    if (c.error || c.res.status < 200 || c.res.status >= 300) return;
    let resourceId = known ? id : undefined;
    if (audit.idParam === undefined && c.res.headers.get('content-type')?.includes('json')) {
      const created = (await c.res.clone().json()) as { id?: unknown };
      if (typeof created.id === 'number') resourceId = created.id;
    }
    const after =
      audit.deletes || resourceId === undefined
        ? undefined
        : await snapshotOf(db, auth.orgId, audit.resource, resourceId);
    c.set('audit', {
      spec: audit,
      resourceId,
      competitionId: after?.competitionId ?? before?.competitionId,
      before: before?.state ?? null,
      after: after?.state ?? null,
    });
  };
}

/**
 * What a read that declares no permission becomes (router.ts): it needs `read`, says so in the document, and may
 * answer 403. An anonymous caller of an open v2 read (decision 026) has no token to check: the route decides.
 */
export function readable<R extends RouteConfig>(route: R): R & { middleware: MiddlewareHandler<AppEnv>[] } {
  const existing = route.middleware === undefined ? [] : [route.middleware].flat();
  return {
    ...route,
    'x-permission': 'read',
    middleware: [readGuard, ...existing],
    responses: {
      ...route.responses,
      403: {
        description: "The caller lacks the permission `read` (a group's account reads only its own groups)",
        content: { 'application/problem+json': { schema: Problem } },
      },
    },
  };
}

const readGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.get('auth') as AuthContext | undefined;
  if (auth !== undefined) requirePermission(auth, 'read');
  await next();
};

/**
 * For a read that needs more than `read` only in one of its forms (the scores' `preview=true`): refuses the caller
 * without the permission as the guard would.
 */
export function requirePermission(auth: AuthContext, permission: Permission): void {
  if (!permissionsOf(auth).includes(permission)) throw forbidden(permission, auth);
}

/** The 403 of a caller without `permission` (also for a seated judge writing a caption it is not seated on). */
export function forbidden(permission: Permission, auth: AuthContext, why?: string): ApiProblem {
  const who = auth.readOnly
    ? 'a read-only key'
    : auth.userId !== undefined
      ? `the role "${auth.role ?? 'none'}"`
      : 'this key';
  return new ApiProblem(
    403,
    'permission_required',
    why ?? `This operation needs the permission "${permission}", which ${who} does not have`,
    [],
    {},
    { permission },
  );
}
