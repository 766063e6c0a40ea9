import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state';
import { QueryNotices } from '../../components/query-notices';
import { seasonsQueryOptions } from '../../features/seasons/api/get-seasons';
import { SeasonsTable } from '../../features/seasons/components/seasons-table';
import { RouteErrorView } from '../route-error';

export const clientLoader = (queryClient: QueryClient) => async () => {
  await queryClient.ensureQueryData(seasonsQueryOptions());
  return null;
};

export default function SeasonsRoute() {
  const { data, isRefetchError, dataUpdatedAt } = useSuspenseQuery(seasonsQueryOptions());
  return (
    <>
      <title>Seasons · Marching Results</title>
      <h1 className="heading-1">Seasons</h1>
      <QueryNotices stale={data.stale} refreshFailed={isRefetchError} updatedAt={dataUpdatedAt} />
      {data.body.data.length > 0 ? <SeasonsTable seasons={data.body.data} /> : <EmptyState title="No seasons yet" />}
    </>
  );
}

export function ErrorBoundary() {
  return <RouteErrorView resource="Seasons" />;
}
