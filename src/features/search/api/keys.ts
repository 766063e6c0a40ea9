export const searchKeys = {
  all: ['search'] as const,
  index: () => [...searchKeys.all, 'index'] as const,
};
