/**
 * The pages under /my-groups (a group's own accounts, issue 39), relative to it: the /my-groups section
 * (app/routes/my-groups.tsx) routes them, links use `href(...)`. Apart from the fans' route table (paths.ts), as the
 * management pages are (decision 106): this module loads with the section, nothing of it in the fans' initial JS.
 */
export const myGroupsPaths = {
  /** The groups the signed-in account acts for, each to its pages. */
  groups: { path: '', href: () => '/my-groups' },
  /** A group's contests, newest first: each released one to its sheet (app/my-groups/group.tsx). */
  group: { path: ':groupId', href: (groupId: number) => `/my-groups/${groupId}` },
  /** One released contest's whole sheet, its commentary and the season's lines (app/my-groups/contest.tsx). */
  contest: {
    path: ':groupId/contests/:performanceId',
    href: (groupId: number, performanceId: number) => `/my-groups/${groupId}/contests/${performanceId}`,
  },
  /** The contests open for registration, registering in one of the group's divisions, the state of each, withdrawing. */
  registration: { path: ':groupId/registration', href: (groupId: number) => `/my-groups/${groupId}/registration` },
  /** A group's people (its administrators): its accounts with their roles; add one with a one-time link, remove one. */
  people: { path: ':groupId/people', href: (groupId: number) => `/my-groups/${groupId}/people` },
  /** A group's critique slots: picked and changed by its administrators, read by its staff (decision 137). */
  critique: { path: ':groupId/critique', href: (groupId: number) => `/my-groups/${groupId}/critique` },
} as const;

export type MyGroupsPage = keyof typeof myGroupsPaths;

/** The page at `rest`, the address under /my-groups (`12/people`, `12/contests/34`), and its parameters; undefined for none. */
export type MyGroupsParams = { groupId?: string; performanceId?: string };

export function matchMyGroupsPath(rest: string): { page: MyGroupsPage; params: MyGroupsParams } | undefined {
  const segments = rest.split('/').filter(Boolean);
  for (const page of Object.keys(myGroupsPaths) as MyGroupsPage[]) {
    const pattern = myGroupsPaths[page].path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: MyGroupsParams = {};
    const matches = pattern.every((part, i) => {
      if (part === ':groupId' || part === ':performanceId') {
        params[part === ':groupId' ? 'groupId' : 'performanceId'] = segments[i];
        return true;
      }
      return part === segments[i];
    });
    if (matches) return { page, params };
  }
  return undefined;
}

/** A group id of the address: a positive whole number the API takes, else undefined (the page says it is not found). */
export function groupIdOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
}
