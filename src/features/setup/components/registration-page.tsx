import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { feeText } from '../../../../domain/registration/fees';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailure } from '../../../components/signed-in/load-failure';
import { PageSkeleton } from '../../../components/skeleton';
import { managePaths } from '../../../config/manage-paths';
import type { ApiResult } from '../../../lib/api/core';
import type { CompetitionSummary } from '../../../lib/api-models';
import { formatDateTime } from '../../../lib/dates';
import type { Me } from '../../../lib/signed-in/get-me';
import { setupDivisionsQueryOptions } from '../api/get-divisions';
import { competitionRegistrationQueryOptions, type RegistrationWindow } from '../api/get-registration';
import { RegistrationWindowForm } from './registration-form';
import { RegistrationRequests } from './registration-requests';

const linkClass = 'text-blue-900 underline dark:text-sky-300';

/**
 * A competition's registration (issue 39 item 3; decision 136): open it (dates, the divisions offered with places
 * and fee, a note), then decide the groups' requests per division and mark them paid.
 */
export function RegistrationPage({
  me,
  guid,
  summary,
}: {
  me: Me;
  guid: string;
  summary: UseQueryResult<ApiResult<CompetitionSummary>>;
}) {
  const competitionId = summary.data?.body.competition.id ?? null;
  const enabled = competitionId !== null;
  const registration = useQuery({ ...competitionRegistrationQueryOptions(competitionId ?? 0), enabled });
  const divisions = useQuery(setupDivisionsQueryOptions());
  if (summary.isPending || divisions.isPending || (enabled && registration.isPending)) return <PageSkeleton rows={8} />;
  const failure = summary.error ?? registration.error ?? divisions.error;
  if (failure) return <LoadFailure failure={failure} what="Registration" organization={me.organization.name} />;
  const body = summary.data!.body;
  if (competitionId === null)
    return (
      <EmptyState title="This competition cannot be managed here">Its record names no id to manage it by.</EmptyState>
    );
  const { registration: window, registrations } = registration.data!.body;
  return (
    <>
      <h1 className="text-2xl font-bold">
        Registration: {body.event.name} · {body.competition.name}
      </h1>
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to={managePaths.entries.href(guid)} className={linkClass}>
          Entries and running order
        </Link>
        <Link to={managePaths.schedule.href(guid)} className={linkClass}>
          Schedule
        </Link>
      </p>
      <WindowState window={window} />
      <RegistrationWindowForm
        // the saved registration read again starts the form afresh
        key={window ? `${window.opensAt}|${window.closesAt}|${window.divisions.length}` : 'new'}
        competitionId={competitionId}
        contestDate={window?.competition.date ?? body.competition.date}
        window={window}
        // the divisions of the competition's kind of group (a guard contest offers guard classes)
        divisions={divisions.data!.filter(
          (division) =>
            division.groupType.id === body.competition.groupTypeId ||
            window?.divisions.some((offered) => offered.divisionId === division.id),
        )}
      />
      {window ? (
        <RegistrationRequests guid={guid} competitionId={competitionId} window={window} registrations={registrations} />
      ) : null}
    </>
  );
}

function WindowState({ window }: { window: RegistrationWindow | null }) {
  if (!window)
    return (
      <p className="mt-2 text-sm" data-testid="registration-state">
        Registration is not open: groups cannot register until you open it below.
      </p>
    );
  const now = Date.now();
  const when = window.open
    ? `Open now, until ${formatDateTime(window.closesAt)}.`
    : Date.parse(window.opensAt) > now
      ? `Opens ${formatDateTime(window.opensAt)}, closes ${formatDateTime(window.closesAt)}.`
      : `Closed ${formatDateTime(window.closesAt)}.`;
  return (
    <p className="mt-2 text-sm" data-testid="registration-state">
      {when} Offered:{' '}
      {window.divisions
        .map((d) => `${d.divisionName} (${d.accepted} of ${d.capacity}, ${feeText(d.feeCents)})`)
        .join(', ')}
      .
    </p>
  );
}
