import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, onlineManager } from '@tanstack/react-query';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { readServerState } from './app/server-state';
import { afterNextPaint } from './lib/after-next-paint';
import { noteDocument } from './lib/offline-copy';
import { queryClient } from './lib/react-query';
import './index.css';

const root = document.getElementById('root')!;
const serverState = readServerState(document);
// A page the service worker served from its saved copies says so (decision 038).
noteDocument(document);
// react-query assumes it starts online and learns otherwise only from an "offline" event; a page opened offline
// (from the saved copies) must know, or going back online would change nothing and nothing would be read again.
onlineManager.setOnline(navigator.onLine);

if (serverState && root.firstChild) {
  // The BFF rendered this page: take over its HTML. The queries and loader results it used come first, then the
  // route modules the page needs, so the first render matches the server's markup and React keeps its DOM.
  hydrate(queryClient, serverState.queries);
  const router = createAppRouter(queryClient, serverState.router);
  const hydrateWhenReady = () =>
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  if (router.state.initialized) hydrateWhenReady();
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      hydrateWhenReady();
    });
  }
} else {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={createAppRouter(queryClient)} />
    </StrictMode>,
  );
}

// Only in a build (in dev, Vite's modules are no files to keep), and after the first paint: registering is not part
// of the initial JS. Without a worker the app works as before, only not offline.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void afterNextPaint()
    .then(() => import('./lib/register-service-worker'))
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.warn('Offline reading is not available:', error));
}
