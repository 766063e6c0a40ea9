import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { PageSkeleton } from '../../components/skeleton';
import { matchManagePath, type ManagePage } from '../../config/manage-paths';

/**
 * `/manage/*`: the management pages (set-up, the console), each its own chunk loaded when opened. The fans' route
 * table has this one route for all of them (decision 106): each page it listed cost the fans' initial JS its path
 * and its chunk's preload list, and that budget is full.
 */
const ManageHome = lazy(() => import('../manage/home'));
const pages: Record<ManagePage, ComponentType<{ competitionGuid?: string }>> = {
  seasons: lazy(() => import('../manage/seasons')),
  divisions: lazy(() => import('../manage/divisions')),
  events: lazy(() => import('../manage/events')),
  users: lazy(() => import('../manage/users')),
  accessRequests: lazy(() => import('../manage/access-requests')),
  competition: lazy(() => import('../manage/competition')),
  entries: lazy(() => import('../manage/entries')),
  draw: lazy(() => import('../manage/draw')),
  schedule: lazy(() => import('../manage/schedule')),
  registration: lazy(() => import('../manage/registration')),
  critique: lazy(() => import('../manage/critique')),
  panel: lazy(() => import('../manage/panel')),
  awards: lazy(() => import('../manage/awards')),
  tablets: lazy(() => import('../manage/tablets')),
  commentary: lazy(() => import('../manage/commentary')),
};
const NotFound = lazy(() => import('./not-found'));

export default function ManageSection() {
  const rest = useParams()['*'] ?? '';
  const match = matchManagePath(rest);
  const Page = match ? pages[match.page] : undefined;
  return (
    <Suspense fallback={<PageSkeleton />}>
      {rest.replace(/\/+$/, '') === '' ? (
        <ManageHome />
      ) : Page ? (
        <Page competitionGuid={match!.params.competitionGuid} />
      ) : (
        <NotFound />
      )}
    </Suspense>
  );
}
