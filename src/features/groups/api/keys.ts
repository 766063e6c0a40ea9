export const groupKeys = {
  all: ['groups'] as const,
  details: () => [...groupKeys.all, 'detail'] as const,
  detail: (groupId: number) => [...groupKeys.details(), groupId] as const,
  performances: (groupId: number, seasonId: number) =>
    [...groupKeys.detail(groupId), 'performances', { seasonId }] as const,
};
