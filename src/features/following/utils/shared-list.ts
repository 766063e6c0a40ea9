import type { GroupAddress } from '../../../config/paths';

/** Most groups a shared list carries: a link stays well under any browser's URL limit. */
export const MAX_SHARED_GROUPS = 50;

/**
 * The groups of a following link, in order: every `group` starts one, the `id` after it (if any) is its circuit
 * identifier. Names and ids are bounded as group pages bound them; blanks and repeats are dropped.
 */
export function readGroupList(search: URLSearchParams): GroupAddress[] {
  const groups: GroupAddress[] = [];
  for (const [name, value] of search) {
    if (name === 'group') {
      const groupName = value.trim();
      if (groupName !== '' && groupName.length <= 200) groups.push({ name: groupName, orgGroupIdentifier: '' });
    } else if (name === 'id' && groups.length > 0 && groups.at(-1)!.orgGroupIdentifier === '') {
      const id = value.trim();
      if (id.length <= 64) groups[groups.length - 1] = { ...groups.at(-1)!, orgGroupIdentifier: id };
    }
  }
  const unique = groups.filter(
    (group, index) =>
      groups.findIndex(
        (other) => other.name === group.name && other.orgGroupIdentifier === group.orgGroupIdentifier,
      ) === index,
  );
  return unique.slice(0, MAX_SHARED_GROUPS);
}
