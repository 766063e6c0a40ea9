/** A group id of an address (`/my-groups/12/people`): a whole number the API takes, else undefined (not found). */
export function groupIdOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
}
