/**
 * A GET of the upstream with the BFF's client-credentials token (token-cycler.ts, decision 004): one 401 earns one
 * renewed token and one retry; a second 401 is an error, never a loop.
 */
import type { AccessToken, TokenCycler } from './token-cycler.js';
import { UpstreamError } from './upstream-error.js';
import type { UpstreamHttp, UpstreamResponse } from './upstream-http.js';

export interface AuthorizedGet {
  get(pathAndQuery: string, headers: Record<string, string>): Promise<UpstreamResponse>;
  /** upstream calls made since start (token requests aside): what the live bench counts */
  readonly calls: number;
}

export function createAuthorizedGet(http: UpstreamHttp, tokens: TokenCycler): AuthorizedGet {
  let calls = 0;
  const send = (pathAndQuery: string, headers: Record<string, string>, token: AccessToken) => {
    calls += 1;
    return http.request({
      method: 'GET',
      pathAndQuery,
      headers: { ...headers, authorization: `Bearer ${token.value}` },
    });
  };
  return {
    async get(pathAndQuery, headers) {
      const token = await tokens.token();
      const first = await send(pathAndQuery, headers, token);
      if (first.status !== 401) return first;
      const second = await send(pathAndQuery, headers, await tokens.renewAfterRejection(token));
      if (second.status === 401) {
        throw new UpstreamError('token_rejected', 'a renewed token was refused too (401 after one retry)', {
          upstreamStatus: 401,
        });
      }
      return second;
    },
    get calls() {
      return calls;
    },
  };
}
