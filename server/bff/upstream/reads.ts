/**
 * The BFF's reads of the upstream, built once: the client-credentials token, the read proxy (its cache, coalescing,
 * circuit breaker) and the organization v2's listings name (organization.ts). The browser's forwarded reads, the
 * views, the live watcher and server rendering all read through `read`; the consoles' watcher reads as the
 * signed-in user whose console listens (`readAs`, decision 101), never with the BFF's key.
 */
import { randomUUID } from 'node:crypto';
import type { BffConfig } from '../config.js';
import type { LogLine } from '../http/log.js';
import { problemForUpstream } from '../http/problems.js';
import { clientCredentialsGrant } from './client-credentials.js';
import {
  createOrganizationSource,
  MISSING_ORGANIZATION_DETAIL,
  takesOrganization,
  withOrganization,
  type OrganizationSource,
} from './organization.js';
import { problemAnswer, type ProxyAnswer } from './proxy-answer.js';
import { createReadProxy, type ReadProxy, type ReadRequest } from './proxy.js';
import { createTokenCycler } from './token-cycler.js';
import { createUpstreamChanges, type UpstreamChanges } from './changes.js';
import { UpstreamError } from './upstream-error.js';
import type { UpstreamHttp, UpstreamResponse } from './upstream-http.js';

/** A GET of an upstream operation (`path` without query, `search` "?..." or ""), answered by the read proxy. */
export type UpstreamRead = (path: string, search: string) => Promise<ProxyAnswer>;

export interface UpstreamReads {
  proxy: ReadProxy;
  /** the upstream's pushed changes, when it has them (our API does; the hosted service does not) */
  changes: UpstreamChanges;
  organization: OrganizationSource;
  /** every read with the BFF's key: v2's listings always name the organization */
  read: (request: ReadRequest) => Promise<ProxyAnswer>;
  /** a view's JSON read, from the cache while it is fresh */
  readView: UpstreamRead;
  /** a JSON read asked of the upstream afresh (revalidated): a competition not in the cached reads, the live watcher */
  readFresh: UpstreamRead;
  /** a GET with a signed-in user's token, past the cache (`headers`: an If-None-Match, say) */
  readAs: (token: string, pathAndQuery: string, headers?: Record<string, string>) => Promise<UpstreamResponse>;
}

export function createUpstreamReads(deps: {
  config: BffConfig;
  http: UpstreamHttp;
  now: () => number;
  log: (line: LogLine) => void;
}): UpstreamReads {
  const { config, http, now, log } = deps;
  const tokens = createTokenCycler(clientCredentialsGrant(http, config), now);
  const proxy = createReadProxy({ config, http, tokens, now, log });
  const organization = createOrganizationSource(config.organization, tokens);
  const changes = createUpstreamChanges({
    http,
    tokens,
    onStateChange: (state, detail) =>
      log({ level: 'info', msg: 'upstream changes', state, ...(detail ? { detail } : {}) }),
  });

  const read = async (request: ReadRequest): Promise<ProxyAnswer> => {
    if (!takesOrganization(request.path)) return proxy.read(request);
    let guid: string | undefined;
    try {
      guid = await organization.guid();
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return problemAnswer(problemForUpstream(error));
    }
    if (!guid)
      return problemAnswer({ status: 502, code: 'bff_organization_unknown', detail: MISSING_ORGANIZATION_DETAIL });
    return proxy.read({ ...request, search: withOrganization(request.search, guid) });
  };

  return {
    proxy,
    changes,
    organization,
    read,
    readView: (path, search) => read({ path, search, accept: 'application/json', requestId: randomUUID() }),
    readFresh: (path, search) =>
      read({ path, search, accept: 'application/json', requestId: randomUUID(), revalidate: true }),
    readAs: (token, pathAndQuery, headers = {}) =>
      http.request({
        method: 'GET',
        pathAndQuery,
        headers: {
          ...headers,
          'user-agent': 'marching-results-bff',
          'x-request-id': randomUUID(),
          accept: 'application/json',
          authorization: `Bearer ${token}`,
        },
      }),
  };
}
