import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router';
import { PageSkeleton } from '../../components/skeleton';
import { matchMyGroupsPath, type MyGroupsPage, type MyGroupsParams } from '../../config/my-groups-paths';

/**
 * `/my-groups/*`: a group's own pages, signed in (issue 39), each its own chunk loaded when opened: one route of the
 * fans' route table for all of them, as /manage is (decision 106).
 */
const pages: Record<MyGroupsPage, ComponentType<MyGroupsParams>> = {
  groups: lazy(() => import('../my-groups/groups')),
  group: lazy(() => import('../my-groups/group')),
  contest: lazy(() => import('../my-groups/contest')),
  people: lazy(() => import('../my-groups/people')),
  critique: lazy(() => import('../my-groups/critique')),
  registration: lazy(() => import('../my-groups/registration')),
};
const NotFound = lazy(() => import('./not-found'));

export default function MyGroupsSection() {
  const match = matchMyGroupsPath(useParams()['*'] ?? '');
  const Page = match ? pages[match.page] : undefined;
  return <Suspense fallback={<PageSkeleton />}>{Page ? <Page {...match!.params} /> : <NotFound />}</Suspense>;
}
