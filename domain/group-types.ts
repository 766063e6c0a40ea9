/**
 * The kinds of group (ensemble) the API knows, by id. The first migration seeds the same rows into `group_types`
 * (migrations are history and cannot import this: test/domain/group-types.test.ts checks that they agree).
 */
export const GROUP_TYPES = [
  { id: 1, key: 'colorGuard', name: 'Color Guard' },
  { id: 2, key: 'percussion', name: 'Percussion' },
  { id: 3, key: 'winds', name: 'Winds' },
  { id: 4, key: 'marchingBand', name: 'Marching Band' },
  { id: 5, key: 'drumCorps', name: 'Drum Corps' },
] as const;

export type GroupTypeKey = (typeof GROUP_TYPES)[number]['key'];
export type GroupTypeId = (typeof GROUP_TYPES)[number]['id'];

/** Group type ids by key: GROUP_TYPE.winds is 3. */
export const GROUP_TYPE = Object.fromEntries(GROUP_TYPES.map(({ key, id }) => [key, id])) as {
  readonly [K in GroupTypeKey]: Extract<(typeof GROUP_TYPES)[number], { key: K }>['id'];
};

export function isGroupTypeId(value: number): value is GroupTypeId {
  return GROUP_TYPES.some((type) => type.id === value);
}

/** The name of a group type id, or undefined for an unknown id. */
export function groupTypeName(id: number): string | undefined {
  return GROUP_TYPES.find((type) => type.id === id)?.name;
}

/** "1 Color Guard, 2 Percussion, 3 Winds, 4 Marching Band, 5 Drum Corps": how a schema describes a groupTypeId. */
export const GROUP_TYPE_IDS_DESCRIPTION = GROUP_TYPES.map(({ id, name }) => `${id} ${name}`).join(', ');
