import { lazy, Suspense } from 'react';
import { Link, NavLink, Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { ShareButton } from '../components/share-button';
import { paths } from '../config/paths';
import { viewerTimeZone } from '../lib/day-keys';
import { useHydrated } from '../lib/use-hydrated';
import { SearchLauncher } from './search-launcher';

/**
 * Not in the initial JS: it loads after hydration, and behind it the notifier only where a group asked for it, and
 * who is signed in only on a browser that is (after-hydration.tsx).
 */
const AfterHydration = lazy(() => import('./after-hydration'));

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 ${isActive ? 'bg-white/15 font-semibold' : 'hover:bg-white/10'}`;

export function RootLayout() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  // The viewer's zone is the browser's: server HTML leaves it out.
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="bg-blue-900 text-white print:hidden dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <Link to={paths.home.href()} className="text-lg font-bold tracking-tight">
            Marching Results
          </Link>
          <nav aria-label="Main">
            <ul className="flex gap-1 text-sm">
              <li>
                <NavLink to={paths.home.href()} end className={navClass}>
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink to={paths.seasons.href()} className={navClass}>
                  Seasons
                </NavLink>
              </li>
            </ul>
          </nav>
          <SearchLauncher />
          <ShareButton />
          {/* Who is signed in is rendered into #account once known (account/account-gate.tsx); "Sign in" shows by
              the stylesheet only where the BFF's page says people can sign in (<html data-sign-in>) and #account is
              empty: no script decides, so a fan's banner never changes after its first paint (decision 086). */}
          <span id="account" className="contents" />
          <a className="sign-in" href="/auth/sign-in">
            Sign in
          </a>
        </div>
        <div className={`h-0.5 ${loading ? 'animate-pulse bg-sky-300' : 'bg-transparent'}`} aria-hidden="true" />
      </header>
      <main
        id="main"
        tabIndex={-1}
        aria-busy={loading}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-4 focus:outline-none"
      >
        <Outlet />
      </main>
      <footer className="print:hidden border-t border-slate-200 px-4 py-4 text-center text-xs text-slate-700 dark:border-slate-800 dark:text-slate-300">
        Times are shown in your time zone{hydrated ? ` (${viewerTimeZone()})` : ''}.
      </footer>
      {hydrated ? (
        <Suspense fallback={null}>
          <AfterHydration />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}
