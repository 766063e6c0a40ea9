import { paths } from '../../../config/paths';
import type { SearchIndex } from '../../../lib/api-models';
import { formatDate } from '../../../lib/dates';
import type { SearchEntry } from './match';

/** The index's records as what the search lists: a name for the link, a line that tells same names apart. */
export function searchEntries(index: SearchIndex): SearchEntry[] {
  return [
    ...index.groups.map((group): SearchEntry => ({
      kind: 'group',
      name: group.name,
      // Its kind first: a school's guard and its percussion share a name and a town ("Color Guard · Scholastic A").
      detail: [group.kind || 'Group', group.division, group.location, group.season].filter(Boolean).join(' · '),
      keywords: group.kind,
      href: paths.group.href(group),
      group,
    })),
    ...index.events.map((event): SearchEntry => ({
      kind: 'event',
      name: event.name,
      detail: ['Event', event.location, event.season].filter(Boolean).join(' · '),
      href: paths.event.href(event.id),
    })),
    ...index.competitions.map((competition): SearchEntry => ({
      kind: 'competition',
      // The name the app gives a competition elsewhere: a round's name ("Finals") says little on its own.
      name: `${competition.eventName} · ${competition.name}`,
      detail: `Competition · ${formatDate(competition.date)}`,
      href: paths.recap.href(competition.guid),
    })),
    ...index.judges.map((judge): SearchEntry => ({
      kind: 'judge',
      name: judge.name,
      detail: `Judge · ${judge.season}`,
      href: paths.judgeSeason.href(judge.name, judge.seasonId),
    })),
  ];
}
