import { lazy, Suspense } from 'react';
import { useRoutes } from 'react-router';
import { PageSkeleton } from '../../components/skeleton';
import { managePaths } from '../../config/manage-paths';

/**
 * `/manage/*`: the management pages (set-up, the console), each its own chunk loaded when opened. The fans' route
 * table has this one route for all of them (decision 106): each page it listed cost the fans' initial JS its path
 * and its chunk's preload list, and that budget is full.
 */
const ManageHome = lazy(() => import('../manage/home'));
const pages = {
  seasons: lazy(() => import('../manage/seasons')),
  divisions: lazy(() => import('../manage/divisions')),
  events: lazy(() => import('../manage/events')),
  users: lazy(() => import('../manage/users')),
  competition: lazy(() => import('../manage/competition')),
  entries: lazy(() => import('../manage/entries')),
  panel: lazy(() => import('../manage/panel')),
} satisfies Record<keyof typeof managePaths, unknown>;
const NotFound = lazy(() => import('./not-found'));

const routes = [
  { index: true, element: <ManageHome /> },
  ...(Object.keys(pages) as (keyof typeof pages)[]).map((key) => {
    const Page = pages[key];
    return { path: managePaths[key].path, element: <Page /> };
  }),
  { path: '*', element: <NotFound /> },
];

export default function ManageSection() {
  return <Suspense fallback={<PageSkeleton />}>{useRoutes(routes)}</Suspense>;
}
