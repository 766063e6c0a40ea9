/**
 * Who may hear a recording and read it: the one place that decides it (docs/decisions/128-commentary-api.md). Fans
 * never do: a read-only key's tokens and anonymous callers are in no audience, so no answer that holds commentary is
 * ever one a fans' page or its caches could keep.
 *
 * The audiences are tried in order; the first that admits the caller decides. A group's accounts (issue 39,
 * decision 133) are not "the circuit": they hear only their own groups' current recordings, once released.
 */
import { isGroupRole } from '../../../domain/roles.js';
import type { AuthContext } from './context.js';
import { actsForGroup } from './group-scope.js';
import { forbidden, permissionsOf } from './permissions.js';

/** What decides who hears a recording. */
export interface Heard {
  /** the user who made the recording (a judge, or a tabulator uploading for one) */
  createdByUserId: number | null;
  /** its division and round's commentary is released (with the scores, or by hand) */
  released: boolean;
  /** the group of the performance it is filed under */
  groupId: number;
  /** the one heard for its performance and caption (not replaced, not cleared) */
  current: boolean;
}

interface Audience {
  name: string;
  admits(auth: AuthContext, heard: Heard): boolean;
}

const AUDIENCES: readonly Audience[] = [
  /** administrators, tabulators, chief judges, full keys: any commentary, released or not */
  { name: 'listeners', admits: (auth) => permissionsOf(auth).includes('listen-commentary') },
  /** the judge who recorded it, to check the tape */
  {
    name: 'recorder',
    admits: (auth, heard) => !auth.readOnly && auth.userId !== undefined && heard.createdByUserId === auth.userId,
  },
  /** once released, every user of the circuit (any of the circuit's roles) */
  {
    name: 'the circuit, once released',
    admits: (auth, heard) =>
      heard.released &&
      !auth.readOnly &&
      auth.userId !== undefined &&
      auth.role !== undefined &&
      !isGroupRole(auth.role),
  },
  /** once released, the accounts of the recording's own group: its current recording only */
  {
    name: "the group's own accounts, once released",
    admits: (auth, heard) =>
      heard.released &&
      heard.current &&
      !auth.readOnly &&
      isGroupRole(auth.role) &&
      actsForGroup(auth, heard.groupId, 'read-group'),
  },
];

export function mayHear(auth: AuthContext, heard: Heard): boolean {
  return AUDIENCES.some((audience) => audience.admits(auth, heard));
}

/** Refuses (403 naming `listen-commentary`) a caller in no audience of the recording. */
export function requireHearing(auth: AuthContext, heard: Heard): void {
  if (!mayHear(auth, heard))
    throw forbidden(
      'listen-commentary',
      auth,
      heard.released
        ? `Commentary is heard by the circuit's users and by its own group's accounts only (the permission "listen-commentary" hears any)`
        : 'This commentary is not released: hearing it needs the permission "listen-commentary"',
    );
}
