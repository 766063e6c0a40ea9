/**
 * Ids. Every id of the Competition Management API is a PostgreSQL `integer` (docs/openapi.json): a positive 32-bit
 * number. A bigger one names nothing, so the API refuses it with a 400 and the app and the BFF answer "not found".
 */
export const ID_MIN = 1;

/** The largest value of PostgreSQL's `integer`, the type of every id and number column. */
export const ID_MAX = 2_147_483_647;

/** True for a number that can be an id: a whole number from ID_MIN to ID_MAX. */
export function isId(value: number): boolean {
  return Number.isInteger(value) && value >= ID_MIN && value <= ID_MAX;
}
