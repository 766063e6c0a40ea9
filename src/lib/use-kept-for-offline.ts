import { useSyncExternalStore } from 'react';

/**
 * Whether this page would open again without a network: the service worker controls it, and a worker takes control
 * only once its install has saved the build's files and the app's shell (src/sw/service-worker.ts warms them before
 * it activates). 'not-yet' while it installs, 'unsupported' where the browser has no service worker (private
 * browsing in some browsers, an insecure origin), undefined on the server and in development.
 */
export type KeptForOffline = 'kept' | 'not-yet' | 'unsupported';

/** Only a production build registers the worker (offline-copy.ts): in development the page says nothing of it. */
const WORKER_REGISTERED = import.meta.env.PROD;

export function useKeptForOffline(registered = WORKER_REGISTERED): KeptForOffline | undefined {
  const kept = useSyncExternalStore(subscribe, keptForOffline, () => undefined);
  return registered ? kept : undefined;
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
