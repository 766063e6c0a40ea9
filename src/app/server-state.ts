import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What a server-rendered page hands the browser besides its HTML: the queries its loaders filled and the loaders'
 * results, so that hydration renders exactly what the server rendered without reading anything again. It travels
 * as a JSON data block (`<script type="application/json">`): data, not code, which the CSP's script-src allows.
 */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
}

export const SERVER_STATE_ELEMENT_ID = 'server-state';

/** The page's server state, or undefined for a page the server did not render (or a block that is not ours). */
export function readServerState(document: Document): ServerState | undefined {
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as Partial<ServerState>;
    return state && typeof state === 'object' && state.queries && state.router ? (state as ServerState) : undefined;
  } catch {
    return undefined;
  }
}

/** JSON safe inside a `<script>` element: no "<" can end it or open a comment. */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}
