import { describe, expect, it } from 'vitest';
import { parseGuid, parseId } from './route-error';

const statusOf = (parse: () => unknown) => {
  try {
    parse();
    return 'parsed';
  } catch (thrown) {
    return (thrown as Response).status;
  }
};

describe('route ids', () => {
  it('parses a positive 32-bit id', () => {
    expect(parseId('1', 'Season')).toBe(1);
    expect(parseId('2147483647', 'Season')).toBe(2147483647);
  });

  it("answers 404 for what cannot name anything: not a number, zero or less, beyond the API's 32-bit ids", () => {
    for (const value of [undefined, '', 'abc', '__proto__', '0', '-3', '1.5', '2147483648', '99999999999', '1e21']) {
      expect(
        statusOf(() => parseId(value, 'Season')),
        String(value),
      ).toBe(404);
    }
  });

  it('answers 404 for a competition address that is not a guid', () => {
    expect(statusOf(() => parseGuid('not-a-guid', 'Competition'))).toBe(404);
    expect(parseGuid('0a83b7be-be32-4811-a4ff-3af8fdedefa3', 'Competition')).toBe(
      '0a83b7be-be32-4811-a4ff-3af8fdedefa3',
    );
  });
});
