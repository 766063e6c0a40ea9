import { useQuery } from '@tanstack/react-query';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { PageSkeleton } from '../../components/skeleton';
import { SessionGate } from '../../components/signed-in/session-gate';
import { groupIdOf, myGroupsPaths, type MyGroupsParams } from '../../config/my-groups-paths';
import { groupRegistrationsQueryOptions } from '../../features/my-groups/api/get-group-registrations';
import { GroupRefusal } from '../../features/my-groups/components/group-refusal';
import { OpenContest } from '../../features/my-groups/components/registration-open';
import { GroupRegistrationList } from '../../features/my-groups/components/registration-list';
import { groupNameOf } from '../../features/my-groups/utils/group-name';
import { GROUP_READERS } from '../../features/my-groups/utils/group-readers';
import { can, type Me } from '../../lib/signed-in/get-me';

/**
 * `/my-groups/:groupId/registration`: the contests open for registration with the group's divisions, places and
 * fees; registering (a group's administrator), the state of each registration, withdrawing. Staff read it.
 */
export default function GroupRegistrationRoute({ groupId: idText }: MyGroupsParams) {
  const groupId = groupIdOf(idText);
  return (
    <SessionGate
      needs={{ permission: 'read-group', what: "A group's registrations are" }}
      audience={{
        ...GROUP_READERS,
        signIn: 'Sign in to register your group',
        who: "a group's director (who registers) and staff",
        hosted: {
          title: 'Registration is on the hosted service',
          text: 'These results come from the hosted CompetitionSuite service: a group registers for contests there.',
        },
      }}
    >
      {(me) =>
        groupId === undefined ? (
          <EmptyState title="No such group">This address names no group.</EmptyState>
        ) : (
          <GroupRegistration me={me} groupId={groupId} />
        )
      }
    </SessionGate>
  );
}

function GroupRegistration({ me, groupId }: { me: Me; groupId: number }) {
  const name = groupNameOf(me, groupId);
  const administers =
    me.groups.some((group) => group.id === groupId && group.role === 'group-administrator') || can(me, 'set-up');
  const registrations = useQuery(groupRegistrationsQueryOptions(groupId));
  return (
    <>
      <title>{`Registration · ${name} · Marching Results`}</title>
      <Breadcrumbs
        items={[
          { label: 'My groups', to: myGroupsPaths.groups.href() },
          { label: name, to: myGroupsPaths.group.href(groupId) },
          { label: 'Registration' },
        ]}
      />
      <h1 className="text-2xl font-bold">Registration: {name}</h1>
      {registrations.isPending ? (
        <PageSkeleton rows={4} />
      ) : registrations.isError ? (
        <GroupRefusal
          failure={registrations.error}
          what="The group's registrations"
          onRetry={() => void registrations.refetch()}
        />
      ) : (
        <>
          <section aria-labelledby="registration-open" className="mt-4">
            <h2 id="registration-open" className="text-xl font-semibold">
              Open for registration
            </h2>
            {registrations.data.body.open.length === 0 ? (
              <p className="mt-2 text-sm">No contest is open for registration in the group's divisions now.</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {registrations.data.body.open
                  .flatMap((contest) => (contest ? [contest] : []))
                  .map((contest) => (
                    <OpenContest
                      key={contest.competition.id}
                      groupId={groupId}
                      contest={contest}
                      registrations={registrations.data.body.data}
                      mayRegister={administers}
                    />
                  ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="registration-mine" className="mt-6">
            <h2 id="registration-mine" className="text-xl font-semibold">
              The group's registrations
            </h2>
            <GroupRegistrationList
              groupId={groupId}
              registrations={registrations.data.body.data}
              mayWithdraw={administers}
            />
          </section>
        </>
      )}
    </>
  );
}
