import { describe, expect, it } from 'vitest';
import { createTokenCycler, type GrantedToken } from '../../server/bff/upstream/token-cycler.js';
import { testClock } from './fake-upstream.js';

/** A token source whose answers the test releases one at a time. */
function tokenSource() {
  const waiting: Array<{ resolve(token: GrantedToken): void; reject(error: Error): void }> = [];
  let issued = 0;
  return {
    calls: () => waiting.length,
    request: () =>
      new Promise<GrantedToken>((resolve, reject) => {
        waiting.push({ resolve, reject });
      }),
    grant(expiresIn = 60) {
      const pending = waiting.at(-1);
      if (!pending) throw new Error('no token request to answer');
      issued += 1;
      pending.resolve({ accessToken: `token-${issued}`, expiresIn });
    },
    fail() {
      waiting.at(-1)?.reject(new Error('token endpoint down'));
    },
  };
}

/** One turn of the event loop: every promise callback already due has run (no time passes, the clock is the test's). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('token cycler', () => {
  it('shares one token request among 50 concurrent callers', async () => {
    const source = tokenSource();
    const cycler = createTokenCycler(source.request, testClock().now);
    const callers = Array.from({ length: 50 }, () => cycler.token());
    await settle();
    expect(source.calls()).toBe(1);
    source.grant();
    const tokens = await Promise.all(callers);
    expect(new Set(tokens.map((token) => token.value))).toEqual(new Set(['token-1']));
  });

  it('keeps the token until local receipt time + expires_in, then asks for a new one (no early refresh)', async () => {
    const source = tokenSource();
    const clock = testClock();
    const cycler = createTokenCycler(source.request, clock.now);
    const first = cycler.token();
    await settle();
    clock.advance(250); // the answer arrives 250 ms after the request left
    source.grant(60);
    expect((await first).value).toBe('token-1');

    clock.advance(59_999);
    expect((await cycler.token()).value).toBe('token-1');
    expect(source.calls()).toBe(1);

    clock.advance(1);
    const renewed = cycler.token();
    await settle();
    expect(source.calls()).toBe(2);
    source.grant(60);
    expect((await renewed).value).toBe('token-2');
  });

  it('after a 401, renews once for all callers holding the rejected token', async () => {
    const source = tokenSource();
    const cycler = createTokenCycler(source.request, testClock().now);
    const initial = cycler.token();
    await settle();
    source.grant();
    const rejected = await initial;

    const retries = Array.from({ length: 10 }, () => cycler.renewAfterRejection(rejected));
    await settle();
    expect(source.calls()).toBe(2);
    source.grant();
    expect(new Set((await Promise.all(retries)).map((token) => token.value))).toEqual(new Set(['token-2']));

    // A latecomer whose 401 was for the old token gets the new one without another request.
    expect((await cycler.renewAfterRejection(rejected)).value).toBe('token-2');
    expect(source.calls()).toBe(2);
  });

  it('does not remember a failed request: the next caller tries again', async () => {
    const source = tokenSource();
    const cycler = createTokenCycler(source.request, testClock().now);
    const failing = [cycler.token(), cycler.token()];
    await settle();
    source.fail();
    for (const attempt of failing) await expect(attempt).rejects.toThrow('token endpoint down');

    const retry = cycler.token();
    await settle();
    expect(source.calls()).toBe(2);
    source.grant();
    expect((await retry).value).toBe('token-1');
  });

  it('survives a token source that throws synchronously', async () => {
    let calls = 0;
    const cycler = createTokenCycler(() => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
      return Promise.resolve({ accessToken: 'after-boom', expiresIn: 60 });
    }, testClock().now);
    await expect(cycler.token()).rejects.toThrow('boom');
    expect((await cycler.token()).value).toBe('after-boom');
  });

  it('uses a token without expires_in until the upstream rejects it', async () => {
    const clock = testClock();
    let calls = 0;
    const cycler = createTokenCycler(() => Promise.resolve({ accessToken: `open-${++calls}` }), clock.now);
    const token = await cycler.token();
    clock.advance(365 * 86_400_000);
    expect((await cycler.token()).value).toBe('open-1');
    expect((await cycler.renewAfterRejection(token)).value).toBe('open-2');
  });
});
