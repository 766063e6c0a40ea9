/** The search field's accessible name, one for the stand-in the banner paints first and the field that replaces it. */
export const SEARCH_LABEL = 'Search groups, events, competitions and judges';
export const SEARCH_PLACEHOLDER = 'Search groups, events, judges…';
