import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { readServerState } from './app/server-state';
import { queryClient } from './lib/react-query';
import './index.css';

const root = document.getElementById('root')!;
const serverState = readServerState(document);

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
