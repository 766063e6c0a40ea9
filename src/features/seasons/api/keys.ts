export const seasonKeys = {
  all: ['seasons'] as const,
  lists: () => [...seasonKeys.all, 'list'] as const,
  list: () => [...seasonKeys.lists()] as const,
  judges: (seasonId: number) => [...seasonKeys.all, 'judges', seasonId] as const,
};
