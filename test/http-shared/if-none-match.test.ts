import { describe, expect, it } from 'vitest';
import { ifNoneMatchHolds } from '../../server/http-shared/if-none-match.js';

describe('If-None-Match', () => {
  it('holds for a listed tag by weak comparison, whichever side is weak', () => {
    expect(ifNoneMatchHolds('"abc"', ['"abc"'])).toBe(true);
    expect(ifNoneMatchHolds('W/"abc"', ['"abc"'])).toBe(true);
    expect(ifNoneMatchHolds('"abc"', ['W/"abc"'])).toBe(true);
    expect(ifNoneMatchHolds('"old", W/"abc" ,"other"', ['"abc"'])).toBe(true);
  });

  it('holds for * and for any of several tags of the same content', () => {
    expect(ifNoneMatchHolds('*', ['"abc"'])).toBe(true);
    expect(ifNoneMatchHolds(' * ', ['"abc"'])).toBe(true);
    expect(ifNoneMatchHolds('W/"abc-gzip"', ['W/"abc"', 'W/"abc-br"', 'W/"abc-gzip"'])).toBe(true);
  });

  it('reads a tag that holds a comma whole', () => {
    expect(ifNoneMatchHolds('"a,b"', ['"a,b"'])).toBe(true);
    expect(ifNoneMatchHolds('"a,b"', ['"a"'])).toBe(false);
    expect(ifNoneMatchHolds('"a,b"', ['"b"'])).toBe(false);
  });

  it('does not hold without the header, for other tags, or for unquoted text', () => {
    expect(ifNoneMatchHolds(undefined, ['"abc"'])).toBe(false);
    expect(ifNoneMatchHolds(null, ['"abc"'])).toBe(false);
    expect(ifNoneMatchHolds('', ['"abc"'])).toBe(false);
    expect(ifNoneMatchHolds('"abd"', ['"abc"'])).toBe(false);
    expect(ifNoneMatchHolds('abc', ['"abc"'])).toBe(false);
    expect(ifNoneMatchHolds('"abc"', [])).toBe(false);
  });
});
