import type { Me } from '../../../lib/signed-in/get-me';

/** The group's name as the account knows it ("Group 12" for a circuit account opening one by its id). */
export const groupNameOf = (me: Me, groupId: number) =>
  me.groups.find((group) => group.id === groupId)?.name ?? `Group ${groupId}`;
