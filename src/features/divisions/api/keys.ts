export const divisionKeys = {
  all: ['divisions'] as const,
  lists: () => [...divisionKeys.all, 'list'] as const,
  list: () => [...divisionKeys.lists()] as const,
};
