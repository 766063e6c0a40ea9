export const judgingKeys = {
  all: ['judging'] as const,
  session: () => [...judgingKeys.all, 'session'] as const,
};
