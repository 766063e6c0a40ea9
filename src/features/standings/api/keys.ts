export const standingsKeys = {
  all: ['standings'] as const,
  lists: () => [...standingsKeys.all, 'list'] as const,
  list: (seasonId: number) => [...standingsKeys.lists(), seasonId] as const,
};
