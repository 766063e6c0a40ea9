export const judgingKeys = {
  all: ['judging'] as const,
  me: () => [...judgingKeys.all, 'me'] as const,
  seats: () => [...judgingKeys.all, 'seats'] as const,
};
