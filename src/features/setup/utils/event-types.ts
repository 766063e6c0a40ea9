/** The API's event types, as its document lists them (CreateEvent). */
export const EVENT_TYPES = [
  { id: 1, name: 'Regular Season' },
  { id: 2, name: 'Championship' },
  { id: 3, name: 'Practice' },
  { id: 4, name: 'Clinic' },
  { id: 5, name: 'Regional' },
] as const;
