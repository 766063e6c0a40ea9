export const judgeTabletKeys = {
  all: ['judge-tablet'] as const,
  session: () => [...judgeTabletKeys.all, 'session'] as const,
};
