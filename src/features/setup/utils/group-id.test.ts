import { describe, expect, it } from 'vitest';
import { groupIdOf } from './group-id';

describe("a group's id in an address", () => {
  it('is read only as a whole number the API takes', () => {
    expect(groupIdOf('7')).toBe(7);
    expect(groupIdOf('2147483647')).toBe(2_147_483_647);
    for (const bad of [undefined, '', '0', '-1', '1.5', '07', 'abc', '1e3', '99999999999', '2147483648'])
      expect(groupIdOf(bad)).toBeUndefined();
  });
});
