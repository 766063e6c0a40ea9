/**
 * A judge's name as the app shows it and addresses their season by (docs/decisions/035): v2's first and last name
 * joined, spaces collapsed, case and punctuation kept. The hosted service gives judges no id: the name is all there is.
 */
export function judgeName(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`.replace(/\s+/g, ' ').trim();
}
