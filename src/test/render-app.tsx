import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { appRoutes } from '../app/router';
import { createQueryClient } from '../lib/react-query';

/** The whole app at `url`, its reads answered with `body` (the one view the page reads). Returns the router. */
export function renderAppWith(url: string, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    ),
  );
  return renderApp(url);
}

/** The whole app at `url`, reading through whatever `fetch` the test stubbed. Returns the router. */
export function renderApp(url: string) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
