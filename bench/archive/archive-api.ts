/**
 * The API on the archive's organization: the same comparison with the Node ceiling as the sample run
 * (throughput.ts: the v2 performances of the same recap, the sample run's biggest, which the archive holds too, and
 * the first page of events), so the archive's size is what differs; and the reads the app makes of a big season,
 * each timed on its first request (computed: the query's cost at this size) and warm (the answer kept per
 * organization data version), one client at a time.
 */
import { startTestApi, type TestApi } from '../../test/helpers/api-server.js';
import { compareWithCeiling, type RouteComparison, type ThroughputOptions } from '../api/throughput.js';
import { judgeName } from '../../domain/judges.js';
import { biggestRecap } from '../lib/biggest-recap.js';
import { median } from '../lib/stats.js';
import type { ArchiveImport } from './import-archive.js';

export interface ArchiveRead {
  read: string;
  what: string;
  status: number;
  bodyBytes: number;
  /** the first request after the API started: the answer computed */
  firstMs: number;
  /** median of the requests after it: the answer kept */
  warmMs: number;
}

export interface ArchiveApiReport {
  /** the season with the most competitions */
  season: { id: number; name: string; year: number; competitions: number };
  /** the judge of the most captions in that season (the judge page is measured for them) */
  judge: { name: string; captions: number };
  /** the season's competitions with a released recap: the v2 reads a build of the season's results makes */
  releasedCompetitions: number;
  /** the archive's biggest recap (the pages measure it) */
  recap: { guid: string; title: string; performances: number };
  /** the recap of the comparison with the ceiling: the sample run's (or, when the folder lacks it, the biggest) */
  compared: { guid: string; file: string };
  comparisons: RouteComparison[];
  reads: ArchiveRead[];
}

interface V2Competition {
  CompetitionGuid: string;
  OrgCompetitionID: string;
  SeasonName: string;
  RecapReleased: boolean;
}

interface V2Performance {
  Performed: boolean;
  Categories: { Captions: { JudgeFirstName: string; JudgeLastName: string }[] }[];
}

const WARM_REQUESTS = 20;

export async function measureArchiveApi(
  dataDir: string,
  imported: ArchiveImport,
  options: ThroughputOptions,
  log: (line: string) => void,
): Promise<ArchiveApiReport> {
  // The default limit (6000/min per application) would turn the measurement into a 429 benchmark.
  const env = { RATE_LIMIT_REQUESTS: '1000000000' };
  const found = await findTargets(await startTestApi({ dataDir, env }), imported);
  log(`  api: the busiest judge of ${found.season.name} is ${found.judge.name} (${found.judge.captions} captions)`);
  log(
    `  api: ${found.season.name} has ${found.season.competitions} competitions; the biggest recap is ${imported.biggest.title} (${imported.biggest.performances} performances)`,
  );
  // A new API for the first-request times: the listings read to find the targets were computed and kept by that one.
  const api = await startTestApi({ dataDir, env });
  try {
    const token = await api.token(found.key.clientId, found.key.clientSecret);
    const reads = await timeReads(api, token, found.season, found.recapGuid, log);
    const comparisons = await compareWithCeiling(
      api,
      token,
      [
        {
          route: `/2018-03/performances?c=${found.compared.guid}`,
          description: `v2 performances of ${found.compared.file}, in the archive's organization`,
        },
        { route: '/events/', description: `v4 event list, first page (archive: ${imported.imported} competitions)` },
      ],
      options,
      log,
    );
    return {
      season: found.season,
      judge: found.judge,
      releasedCompetitions: found.releasedCompetitions,
      recap: { guid: found.recapGuid, title: imported.biggest.title, performances: imported.biggest.performances },
      compared: found.compared,
      comparisons,
      reads,
    };
  } finally {
    await api.stop();
  }
}

/** A key of the archive's organization, its season with the most competitions, and the biggest recap's guid. */
async function findTargets(api: TestApi, imported: ArchiveImport) {
  try {
    const key = await api.createKey(imported.organization, { name: 'Archive benchmark' });
    const token = await api.token(key.clientId, key.clientSecret);
    const get = async <T>(read: string) =>
      (await (await api.fetch(read, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
    const seasons = (await get<{ data: { id: number; name: string; year: number }[] }>('/seasons/')).data;
    const listings = new Map<number, V2Competition[]>();
    for (const year of new Set(seasons.map((season) => season.year)))
      listings.set(year, await get<V2Competition[]>(`/2018-03/competitions?year=${year}&includePractice=true`));
    const counted = seasons.map((season) => ({
      ...season,
      competitions: listings.get(season.year)!.filter((record) => record.SeasonName === season.name).length,
    }));
    const season = counted.reduce((best, candidate) => (candidate.competitions > best.competitions ? candidate : best));
    const records = [...listings.values()].flat();
    const guidOf = (file: string) =>
      records.find((record) => record.OrgCompetitionID === file.replace(/\.htm(\.gz)?$/, ''))?.CompetitionGuid;
    const recapGuid = guidOf(imported.biggest.file);
    if (!recapGuid) throw new Error(`the biggest recap ${imported.biggest.file} is in no v2 listing`);
    const sampleRecap = biggestRecap().name;
    const sampleGuid = guidOf(sampleRecap);
    // The judge of the most captions in the season, counted over its released recaps as the judge page counts them.
    const released = listings
      .get(season.year)!
      .filter((record) => record.SeasonName === season.name && record.RecapReleased);
    const captions = new Map<string, number>();
    for (const record of released) {
      for (const performance of await get<V2Performance[]>(`/2018-03/performances?c=${record.CompetitionGuid}`)) {
        if (!performance.Performed) continue;
        for (const caption of performance.Categories.flatMap((category) => category.Captions)) {
          const name = judgeName(caption.JudgeFirstName, caption.JudgeLastName);
          if (name) captions.set(name, (captions.get(name) ?? 0) + 1);
        }
      }
    }
    const [busiest] = [...captions.entries()].sort((a, b) => b[1] - a[1]);
    if (!busiest) throw new Error(`no released recap of ${season.name} names a judge`);
    const judge = { name: busiest[0], captions: busiest[1] };
    return {
      key,
      season,
      recapGuid,
      judge,
      releasedCompetitions: released.length,
      compared: sampleGuid ? { guid: sampleGuid, file: sampleRecap } : { guid: recapGuid, file: imported.biggest.file },
    };
  } finally {
    await api.stop();
  }
}

/** The reads of the big season's pages, the views' inputs on our API, each first (computed) and warm (kept). */
async function timeReads(
  api: TestApi,
  token: string,
  season: { id: number; year: number },
  recapGuid: string,
  log: (line: string) => void,
): Promise<ArchiveRead[]> {
  const headers = { authorization: `Bearer ${token}` };
  const time = async (read: string) => {
    const started = performance.now();
    const response = await api.fetch(read, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    return { ms: performance.now() - started, status: response.status, body };
  };
  const results: ArchiveRead[] = [];
  const measure = async (read: string, what: string) => {
    const first = await time(read);
    const warm: number[] = [];
    for (let i = 0; i < WARM_REQUESTS; i++) warm.push((await time(read)).ms);
    results.push({
      read,
      what,
      status: first.status,
      bodyBytes: first.body.length,
      firstMs: first.ms,
      warmMs: median(warm),
    });
    log(
      `  ${read}: ${first.status}, ${(first.body.length / 1024).toFixed(0)} KB, first ${first.ms.toFixed(0)} ms, then ${median(warm).toFixed(1)} ms`,
    );
    return first.body;
  };
  const standings = JSON.parse(
    (await measure(`/standings/?seasonId=${season.id}`, 'standings extension (the standings view)')).toString('utf8'),
  ) as {
    data: { entries: { group: { id: number }; performances: number }[] }[];
  };
  const busiest = standings.data
    .flatMap((division) => division.entries)
    .sort((a, b) => b.performances - a.performances)[0];
  await measure(
    `/groups/${busiest.group.id}/performances?seasonId=${season.id}`,
    "group performances extension, the season's busiest group",
  );
  await measure(
    `/2018-03/competitions?year=${season.year}&includePractice=true`,
    "v2 listing of the season's year (calendar, seasons, a competition's lookup)",
  );
  await measure(`/v3/events?seasonId=${season.id}`, "the season's events, first page (calendar)");
  await measure(`/v3/groups?seasonId=${season.id}`, "the season's groups, first page (locations)");
  await measure(`/groups/?seasonId=${season.id}&limit=500`, "the season's groups, 500 a page (a group's season)");
  await measure(`/2018-03/performances?c=${recapGuid}`, 'v2 performances of the biggest recap');
  await measure('/events/', 'v4 event list, first page');
  return results;
}
