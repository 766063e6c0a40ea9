import { Breadcrumbs } from '../../components/breadcrumbs';
import { EmptyState } from '../../components/empty-state';
import { SessionGate } from '../../components/signed-in/session-gate';
import { groupIdOf, myGroupsPaths, type MyGroupsParams } from '../../config/my-groups-paths';
import { GroupCritiques } from '../../features/critique/components/group-critiques';
import { GroupRefusal } from '../../features/my-groups/components/group-refusal';
import { groupNameOf } from '../../features/my-groups/utils/group-name';
import { GROUP_READERS, READ_GROUP } from '../../features/my-groups/utils/group-readers';
import { can, type Me } from '../../lib/signed-in/get-me';

/** `/my-groups/:groupId/critique`: the group's critique slots; its administrators pick and change them. */
export default function GroupCritiqueRoute({ groupId: idText }: MyGroupsParams) {
  const groupId = groupIdOf(idText);
  return (
    <SessionGate
      needs={READ_GROUP}
      audience={{
        ...GROUP_READERS,
        hosted: {
          title: 'Critique sign-up is on the hosted service',
          text: "These results come from the hosted CompetitionSuite service: a group's director signs up for critique there.",
        },
      }}
    >
      {(me) =>
        groupId === undefined ? (
          <EmptyState title="No such group">This address names no group.</EmptyState>
        ) : (
          <Critique me={me} groupId={groupId} />
        )
      }
    </SessionGate>
  );
}

function Critique({ me, groupId }: { me: Me; groupId: number }) {
  const name = groupNameOf(me, groupId);
  // the circuit's administrator (read-group for any group) may pick too: the API holds it to set-up
  const administers =
    me.groups.some((group) => group.id === groupId && group.role === 'group-administrator') || can(me, 'set-up');
  return (
    <>
      <title>{`Critique · ${name} · Marching Results`}</title>
      <Breadcrumbs
        items={[
          { label: 'My groups', to: myGroupsPaths.groups.href() },
          { label: name, to: myGroupsPaths.group.href(groupId) },
        ]}
      />
      <h1 className="text-2xl font-bold">Critique: {name}</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        The group visits every judge's station in turn, one slot's length at each.
      </p>
      <GroupCritiques
        groupId={groupId}
        administers={administers}
        failed={(failure, retry) => <GroupRefusal failure={failure} what="The group's critique" onRetry={retry} />}
      />
    </>
  );
}
