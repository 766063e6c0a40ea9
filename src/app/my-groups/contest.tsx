import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Breadcrumbs } from '../../components/breadcrumbs';
import { LocalDate } from '../../components/local-date-time';
import { Notice } from '../../components/notice';
import { PageSkeleton } from '../../components/skeleton';
import { groupIdOf, myGroupsPaths, type MyGroupsParams } from '../../config/my-groups-paths';
import { CategoryProgression } from '../../features/groups/components/category-progression';
import { groupContestsQueryOptions } from '../../features/my-groups/api/get-group-contests';
import { groupSheetQueryOptions, type GroupSheet } from '../../features/my-groups/api/get-group-sheet';
import { CaptionCommentary } from '../../features/my-groups/components/caption-commentary';
import { GroupCorrections } from '../../features/my-groups/components/group-corrections';
import { GroupRefusal } from '../../features/my-groups/components/group-refusal';
import { GroupCategoryTable, GroupTotals } from '../../features/my-groups/components/group-sheet-table';
import { groupNameOf } from '../../features/my-groups/utils/group-name';
import { seasonPerformances } from '../../features/my-groups/utils/season-performances';
import { EmptyState } from '../../components/empty-state';
import { SessionGate } from '../../components/signed-in/session-gate';
import { GROUP_READERS, READ_GROUP } from '../../features/my-groups/utils/group-readers';
import type { Me } from '../../lib/signed-in/get-me';

/**
 * `/my-groups/:groupId/contests/:performanceId`: one released contest's whole sheet (every judge's lines, ranks,
 * judges, penalty, corrections), each caption's commentary with its marks, downloads, a printable sheet, and the
 * season's progression of the group's captions.
 */
export default function MyGroupContestRoute({ groupId: groupText, performanceId: performanceText }: MyGroupsParams) {
  const groupId = groupIdOf(groupText);
  const performanceId = groupIdOf(performanceText);
  return (
    <SessionGate needs={READ_GROUP} audience={GROUP_READERS}>
      {(me) =>
        groupId === undefined || performanceId === undefined ? (
          <EmptyState title="No such contest of this group">This address names no group's contest.</EmptyState>
        ) : (
          <GroupContest me={me} groupId={groupId} performanceId={performanceId} />
        )
      }
    </SessionGate>
  );
}

function GroupContest({ me, groupId, performanceId }: { me: Me; groupId: number; performanceId: number }) {
  const name = groupNameOf(me, groupId);
  const sheet = useQuery(groupSheetQueryOptions(groupId, performanceId));
  const crumbs = [
    { label: 'My groups', to: myGroupsPaths.groups.href() },
    { label: name, to: myGroupsPaths.group.href(groupId) },
  ];
  if (sheet.isPending) return <PageSkeleton rows={10} />;
  if (sheet.isError)
    return (
      <>
        <title>{`${name} · My groups · Marching Results`}</title>
        <Breadcrumbs items={[...crumbs, { label: 'Contest' }]} />
        <GroupRefusal failure={sheet.error} what="The sheet" onRetry={() => void sheet.refetch()} />
      </>
    );
  const body = sheet.data.body;
  const round = body.round.name || `Round ${body.round.number}`;
  return (
    <>
      <title>{`${name}: ${body.competition.name} · My groups · Marching Results`}</title>
      <Breadcrumbs items={[...crumbs, { label: body.competition.name }]} />
      <h1 className="text-2xl font-bold">
        {name}: {body.competition.name}
      </h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {body.competition.eventName} · <LocalDate iso={body.competition.date} />
        {body.competition.location ? ` · ${body.competition.location}` : ''} · {body.division.name} · {round}
        {body.competition.chiefJudge ? ` · chief judge ${body.competition.chiefJudge}` : ''}
      </p>
      <p className="mt-2 print:hidden">
        <button type="button" className="button min-h-11" onClick={() => window.print()}>
          Print the sheet
        </button>
      </p>
      <GroupTotals scores={body.performance} groupsInRound={body.groupsInRound} />
      {!body.commentary.released ? (
        <Notice>The judges' commentary of this contest is not released yet: it shows here once it is.</Notice>
      ) : body.commentary.recordings.length === 0 ? (
        <Notice>No commentary was recorded for this performance.</Notice>
      ) : null}
      <WholeSheet groupId={groupId} sheet={body} />
      <GroupCorrections sheet={body} />
      <SeasonProgression groupId={groupId} performanceId={performanceId} name={name} />
    </>
  );
}

function WholeSheet({ groupId, sheet }: { groupId: number; sheet: GroupSheet }) {
  return (
    <>
      {sheet.sheet.categories.map((category) => (
        <GroupCategoryTable
          key={category.key}
          category={category}
          scores={sheet.performance.categories.find((candidate) => candidate.key === category.key)}
        >
          {category.captions.map((caption) => {
            const recording = sheet.commentary.recordings.find((candidate) => candidate.captionKey === caption.key);
            if (!recording) return null;
            const judge = caption.judge ? `, ${`${caption.judge.firstName} ${caption.judge.lastName}`.trim()}` : '';
            return (
              <CaptionCommentary
                key={caption.key}
                groupId={groupId}
                recording={recording}
                title={`${caption.name}${judge}`}
              />
            );
          })}
        </GroupCategoryTable>
      ))}
    </>
  );
}

/** The season's category and caption lines of the group, the fans' charts drawn from the group's own contests. */
function SeasonProgression({ groupId, performanceId, name }: { groupId: number; performanceId: number; name: string }) {
  const contests = useQuery(groupContestsQueryOptions(groupId));
  const all = contests.data?.body.data;
  const seasonId = all?.find((contest) => contest.performanceId === performanceId)?.competition.seasonId;
  const performances = useMemo(
    () => (all && seasonId !== undefined ? seasonPerformances(all, seasonId) : []),
    [all, seasonId],
  );
  return (
    <section aria-labelledby="progression-heading" className="mt-8 print:hidden">
      <h2 id="progression-heading" className="text-lg font-semibold">
        The season so far
      </h2>
      {contests.isPending ? (
        <PageSkeleton rows={3} />
      ) : contests.isError ? (
        <GroupRefusal failure={contests.error} what="The season's contests" />
      ) : performances.length < 2 ? (
        <p className="my-2 max-w-prose">The season's lines show from the group's second released contest on.</p>
      ) : (
        <CategoryProgression performances={performances} groupName={name} includePractice />
      )}
    </section>
  );
}
