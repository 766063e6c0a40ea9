/**
 * A group's account acts for its own groups only (decision 133): every operation that names a group, or a
 * performance of one, asks here before it reads or writes anything of it. The circuit's roles and keys that hold the
 * operation's permission act for every group of the organization (the guard has checked that permission).
 */
import { isGroupRole, type GroupRole } from '../../../domain/roles.js';
import type { AuthContext } from './context.js';
import { forbidden, type Permission } from './permissions.js';

/** What the caller must be in the group: any of its accounts, or one of its administrators. */
const NEEDS: Record<'read-group' | 'manage-group-accounts' | 'register-group', readonly GroupRole[]> = {
  'read-group': ['group-administrator', 'group-staff'],
  'manage-group-accounts': ['group-administrator'],
  'register-group': ['group-administrator'],
};

/** Whether the caller acts for the group as `permission` needs (a group's account: by its own role there). */
export function actsForGroup(auth: AuthContext, groupId: number, permission: keyof typeof NEEDS): boolean {
  if (!isGroupRole(auth.role)) return true;
  const role = auth.groups?.get(groupId);
  return role !== undefined && NEEDS[permission].includes(role);
}

/**
 * Refuses a group's account that does not act for this group: 403 naming the operation's own permission (what
 * would let the caller in, as a judge off its seats is told), `permission` unless the operation's is another.
 */
export function requireGroup(
  auth: AuthContext,
  groupId: number,
  permission: keyof typeof NEEDS,
  operationPermission: Permission = permission,
): void {
  if (!actsForGroup(auth, groupId, permission))
    throw forbidden(
      operationPermission,
      auth,
      permission === 'read-group'
        ? `This account acts only for its own groups: group ${groupId} is not one of them (the permission "${operationPermission}" reads any)`
        : permission === 'register-group'
          ? `This account registers only the groups it administers: it is not an administrator of group ${groupId} (the permission "${operationPermission}" registers any)`
          : `This account administers only its own groups: it is not an administrator of group ${groupId} (the permission "${operationPermission}" manages any)`,
    );
}

/** The groups a group's account acts for; undefined for the circuit's roles and keys (every group). */
export function scopedGroupIds(auth: AuthContext): number[] | undefined {
  return isGroupRole(auth.role) ? [...(auth.groups?.keys() ?? [])] : undefined;
}
