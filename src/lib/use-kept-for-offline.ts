import { useSyncExternalStore } from 'react';

/**
 * Whether this page would open again without a network: the service worker controls it, and a worker takes control
 * only once its install has saved the build's files and the app's shell (src/sw/service-worker.ts warms them before
 * it activates). 'not-yet' while it installs, 'unsupported' where the browser has no service worker (private
 * browsing in some browsers, an insecure origin), undefined on the server.
 */
export type KeptForOffline = 'kept' | 'not-yet' | 'unsupported';

export function useKeptForOffline(): KeptForOffline | undefined {
  return useSyncExternalStore(subscribe, keptForOffline, () => undefined);
}

function subscribe(onChange: () => void): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return () => {};
  container.addEventListener('controllerchange', onChange);
  return () => container.removeEventListener('controllerchange', onChange);
}

function keptForOffline(): KeptForOffline {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return 'unsupported';
  return container.controller ? 'kept' : 'not-yet';
}
