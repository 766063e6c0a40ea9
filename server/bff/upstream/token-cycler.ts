/**
 * The client-credentials token cache, by the upstream's rules (spec, Authentication): a client asks for a new token
 * only after the one it has expired, and expiry shows as a 401. Unlike the usual SDK cyclers there is no early
 * refresh window.
 *
 * Invariants:
 * - at most one token request is in flight; every caller that needs a token meanwhile shares its promise;
 * - a cached token is used until `now() >= expiresAt`, where expiresAt = local receipt time + expires_in;
 * - after a 401, a token is renewed only if the rejected token is still the cached one (otherwise someone already
 *   renewed it, and the newer token is used);
 * - a failed request is not remembered: the next caller tries again.
 */
export interface AccessToken {
  readonly value: string;
  /** epoch ms; Infinity when the upstream gave no expires_in (then only a 401 retires it) */
  readonly expiresAt: number;
}

export interface GrantedToken {
  accessToken: string;
  /** lifetime in seconds, undefined when the upstream did not say */
  expiresIn?: number;
}

export interface TokenCycler {
  /** the cached token while it is unexpired, otherwise the (shared) request for a new one */
  token(): Promise<AccessToken>;
  /**
   * The token to retry with after the upstream answered 401 to `rejected`. The caller retries once with it and
   * never calls this again for the same request.
   */
  renewAfterRejection(rejected: AccessToken): Promise<AccessToken>;
}

export function createTokenCycler(
  requestToken: () => Promise<GrantedToken>,
  now: () => number = Date.now,
): TokenCycler {
  let cached: AccessToken | undefined;
  let inFlight: Promise<AccessToken> | undefined;

  const usable = (token: AccessToken | undefined): token is AccessToken =>
    token !== undefined && now() < token.expiresAt;

  function renew(): Promise<AccessToken> {
    if (inFlight) return inFlight;
    // Promise.resolve().then(...) so that even a synchronous throw in requestToken settles this shared promise.
    const attempt = Promise.resolve()
      .then(requestToken)
      .then((granted) => {
        cached = {
          value: granted.accessToken,
          expiresAt: granted.expiresIn === undefined ? Infinity : now() + granted.expiresIn * 1000,
        };
        return cached;
      });
    inFlight = attempt;
    const release = () => {
      if (inFlight === attempt) inFlight = undefined;
    };
    attempt.then(release, release);
    return attempt;
  }

  return {
    token: () => (usable(cached) ? Promise.resolve(cached) : renew()),
    renewAfterRejection(rejected) {
      if (inFlight) return inFlight;
      if (usable(cached) && cached.value !== rejected.value) return Promise.resolve(cached);
      if (cached?.value === rejected.value) cached = undefined;
      return renew();
    },
  };
}
