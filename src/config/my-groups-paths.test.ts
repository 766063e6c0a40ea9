import { describe, expect, it } from 'vitest';
import { groupIdOf, matchMyGroupsPath, myGroupsPaths } from './my-groups-paths';

describe('matchMyGroupsPath', () => {
  it('finds each page by the address its href gives, with its parameters', () => {
    expect(matchMyGroupsPath(myGroupsPaths.groups.href().slice('/my-groups'.length))).toEqual({
      page: 'groups',
      params: {},
    });
    expect(matchMyGroupsPath(myGroupsPaths.group.href(12).slice('/my-groups/'.length))).toEqual({
      page: 'group',
      params: { groupId: '12' },
    });
    expect(matchMyGroupsPath(myGroupsPaths.contest.href(12, 34).slice('/my-groups/'.length))).toEqual({
      page: 'contest',
      params: { groupId: '12', performanceId: '34' },
    });
    expect(matchMyGroupsPath(myGroupsPaths.people.href(12).slice('/my-groups/'.length))).toEqual({
      page: 'people',
      params: { groupId: '12' },
    });
  });

  it('takes a trailing slash, and finds nothing for an unknown or longer address', () => {
    expect(matchMyGroupsPath('12/')?.page).toBe('group');
    expect(matchMyGroupsPath('12/contests')).toBeUndefined();
    expect(matchMyGroupsPath('12/contests/34/more')).toBeUndefined();
    expect(matchMyGroupsPath('12/nothing')).toBeUndefined();
  });
});

describe("a group's id in an address", () => {
  it('is read only as a whole number the API takes', () => {
    expect(groupIdOf('7')).toBe(7);
    expect(groupIdOf('2147483647')).toBe(2_147_483_647);
    for (const bad of [undefined, '', '0', '-1', '1.5', '07', 'abc', '1e3', '99999999999', '2147483648'])
      expect(groupIdOf(bad)).toBeUndefined();
  });
});
