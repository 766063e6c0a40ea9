export const eventKeys = {
  all: ['events'] as const,
  calendars: () => [...eventKeys.all, 'calendar'] as const,
  calendar: (seasonId: number) => [...eventKeys.calendars(), seasonId] as const,
  winners: (seasonId: number) => [...eventKeys.all, 'winners', seasonId] as const,
  details: () => [...eventKeys.all, 'detail'] as const,
  detail: (eventId: number) => [...eventKeys.details(), eventId] as const,
};
