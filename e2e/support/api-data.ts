import type { APIRequestContext } from '@playwright/test';
import type { CalendarEntry, CompetitionSummary, PerformanceRecord, Season } from '../../src/lib/api-models';

/**
 * Reads through the same BFF the browser uses, on either upstream: the BFF's views and v2's performance records,
 * so a test compares the screen with what the upstream says.
 */
export async function get<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`/api${path}`);
  if (!response.ok()) throw new Error(`GET /api${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

export async function currentSeason(request: APIRequestContext): Promise<Season> {
  const seasons = await get<{ data: Season[] }>(request, '/bff/seasons');
  const season = seasons.data.find((candidate) => candidate.current);
  if (!season) throw new Error('the upstream has no current season');
  return season;
}

export async function seasonCalendar(request: APIRequestContext, seasonId: number): Promise<CalendarEntry[]> {
  return (await get<{ data: CalendarEntry[] }>(request, `/bff/seasons/${seasonId}/calendar`)).data;
}

/** A recap's division and round: its v2 records in the order v2 lists them. */
export interface RecordSection {
  division: string;
  round: string;
  records: PerformanceRecord[];
}

export function sectionsOf(records: PerformanceRecord[]): RecordSection[] {
  const sections: RecordSection[] = [];
  for (const record of records) {
    let section = sections.find(
      (candidate) => candidate.division === record.DivisionName && candidate.round === record.RoundName,
    );
    if (!section) sections.push((section = { division: record.DivisionName, round: record.RoundName, records: [] }));
    section.records.push(record);
  }
  return sections;
}

export async function recapOf(request: APIRequestContext, competitionGuid: string) {
  const [summary, records] = await Promise.all([
    get<CompetitionSummary>(request, `/bff/competitions/${competitionGuid}`),
    get<PerformanceRecord[]>(request, `/2018-03/performances?c=${competitionGuid}`),
  ]);
  return { summary, records, sections: sectionsOf(records) };
}

/** Two groups of the current season's latest past round with a full recap where two performed: a head-to-head to open. */
export async function sharedRound(request: APIRequestContext) {
  const season = await currentSeason(request);
  for (const entry of (await seasonCalendar(request, season.id))
    .filter(
      (candidate) => candidate.competition.recapReleased && candidate.competition.date.slice(0, 10) < todayInChicago(),
    )
    .reverse()) {
    const section = (await recapOf(request, entry.competition.guid)).sections.find(
      (candidate) => candidate.records.filter((record) => record.Performed).length >= 2,
    );
    if (section) {
      const [first, second] = section.records.filter((record) => record.Performed);
      return { season, event: entry.event, section, first, second };
    }
  }
  throw new Error('no past round of the current season with two groups performing');
}

/** `/compare?group=&id=&group=&id=` for two v2 records' groups (the app's URL, src/config/paths.ts). */
export const compareUrl = (...records: PerformanceRecord[]) =>
  `/compare?${records.map((record) => `group=${encodeURIComponent(record.GroupName)}&id=${encodeURIComponent(record.OrgGroupIdentifier)}`).join('&')}`;

type Recap = Awaited<ReturnType<typeof recapOf>>;

/**
 * The most recent competition before today (in the test's time zone) whose full recap is out and, where the test
 * needs more of it than a performed group (`fits`), has that.
 */
export async function latestScoredCompetition(
  request: APIRequestContext,
  today: string,
  fits: (recap: Recap) => boolean = (recap) => recap.records.some((record) => record.Performed),
) {
  const season = await currentSeason(request);
  const calendar = await seasonCalendar(request, season.id);
  const dayOf = (iso: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(iso));
  const past = calendar
    .filter((entry) => dayOf(entry.competition.date) < today && entry.competition.recapReleased)
    .reverse();
  for (const entry of past) {
    const recap = await recapOf(request, entry.competition.guid);
    if (fits(recap)) return { ...entry, season, ...recap };
  }
  throw new Error('no past competition with released scores in the current season fit for this test');
}

/**
 * A judged caption of a section whose ranks differ from the final ranks for some performed group, as
 * [category index, caption index], so a test sees both ways the judges view shows a caption's rank.
 */
export function differingCaption(section: RecordSection): readonly [number, number] | undefined {
  const performed = section.records.filter((record) => record.Performed);
  if (performed.length === 0) return undefined;
  const found = performed[0].Categories.flatMap((category, c) =>
    category.Captions.map((caption, k) => [c, k, caption] as const),
  ).find(
    ([c, k, caption]) =>
      caption.JudgeLastName && performed.some((record) => record.Categories[c].Captions[k].Rank !== record.Rank),
  );
  return found && [found[0], found[1]];
}

export const todayInChicago = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

/** The published recap's number formats, written out here on purpose rather than imported from the app. */
/** Two decimals, or three when the third is not zero, as the published recaps print caption and category scores. */
const twoOrThree = (n: number) => {
  const text = n.toFixed(3);
  return text.endsWith('0') ? text.slice(0, -1) : text;
};

export const printed = {
  total: (n: number) => n.toFixed(3),
  category: twoOrThree,
  caption: twoOrThree,
  subcaption: (n: number) => String(Number(n.toFixed(3))),
  penalty: (n: number) => String(Number(n.toFixed(3))),
};

/** subtotal - total of a v2 record, in thousandths (the specification's penalty). */
export const penaltyOf = (record: PerformanceRecord) =>
  (Math.round(Number(record.SubtotalScore) * 1000) - Math.round(Number(record.TotalScore) * 1000)) / 1000;
