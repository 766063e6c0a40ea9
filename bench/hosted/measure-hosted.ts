/**
 * The bench on the fake hosted upstream (docs/decisions/012): the recap page of the biggest real recap on the
 * emulated phone (recap-page.ts, the same measure as on our API) and the first visit of a group page of a
 * 60-competition season (group-page.ts), the group with the most performances of that season.
 */
import path from 'node:path';
import { median } from '../lib/stats.js';
import { measureRecapPage, type RecapPageRun } from '../web/recap-page.js';
import { measureGroupPage, type GroupPageVisit } from './group-page.js';
import { startHostedStack } from './hosted-stack.js';
import { SEASON_COMPETITIONS, SEASON_YEAR } from './season-of-60.js';

export interface HostedReport {
  recapPage: { url: string; competition: string; runs: RecapPageRun[]; medianLcpMs: number };
  groupPage: GroupPageVisit & { season: string; competitions: number; groupPerformances: number };
}

export async function measureHosted(
  options: { workDir: string; staticDir: string; recap: { name: string; performances: number }; runs: number },
  log: (line: string) => void,
): Promise<HostedReport> {
  log('  starting the fake hosted upstream (the biggest recap and a season of 60 competitions) and the app on it');
  const stack = await startHostedStack({
    workDir: path.join(options.workDir, 'hosted'),
    staticDir: options.staticDir,
    recapPage: options.recap.name,
  });
  try {
    const records = (await (await stack.fake.inner('/2018-03/competitions?includePractice=true')).json()) as {
      CompetitionGuid: string;
      CompetitionName: string;
      EventName: string;
      OrgCompetitionID: string;
    }[];
    const recap = records.find((record) => `${record.OrgCompetitionID}.htm` === options.recap.name);
    if (!recap) throw new Error(`the fake hosted upstream does not list ${options.recap.name}`);
    const recapUrl = `${stack.baseUrl}/competitions/${recap.CompetitionGuid}`;
    log(`  recap page ${new URL(recapUrl).pathname}`);
    const runs = await measureRecapPage(recapUrl, options.runs, log);

    const seasons = (
      (await (await fetch(`${stack.baseUrl}/api/bff/seasons`)).json()) as {
        data: { id: number; name: string; year: number | null }[];
      }
    ).data;
    const season = seasons.find((candidate) => candidate.year === SEASON_YEAR);
    if (!season) throw new Error(`the BFF lists no ${SEASON_YEAR} season`);
    const calendar = (
      (await (await fetch(`${stack.baseUrl}/api/bff/seasons/${season.id}/calendar`)).json()) as { data: unknown[] }
    ).data;
    if (calendar.length !== SEASON_COMPETITIONS)
      throw new Error(`the ${season.name} has ${calendar.length} competitions, not ${SEASON_COMPETITIONS}`);
    const standings = (
      (await (await fetch(`${stack.baseUrl}/api/bff/seasons/${season.id}/standings`)).json()) as {
        data: { entries: { group: { name: string }; performances: number }[] }[];
      }
    ).data;
    const busiest = standings
      .flatMap((division) => division.entries)
      .sort((a, b) => b.performances - a.performances)[0];
    // A new BFF process for the visit would be fairer to the first visitor; the page's own reads are what is
    // measured, and the BFF's derived views are warm here, as they are for every visitor but the first.
    const groupUrl = `${stack.baseUrl}/groups/${encodeURIComponent(busiest.group.name)}?season=${season.id}`;
    const visit = await measureGroupPage(groupUrl);
    log(
      `  group page ${visit.url}: ${visit.performancesShown} performances, ${kb(visit.gzipBytes)} gzip in all (${kb(visit.dataGzipBytes)} of it reads under /api/), ${kb(visit.transferBytes)} as Chromium received it`,
    );
    return {
      recapPage: {
        url: new URL(recapUrl).pathname,
        competition: `${recap.EventName} (${options.recap.name}, ${options.recap.performances} performances)`,
        runs,
        medianLcpMs: median(runs.map((run) => run.lcpMs)),
      },
      groupPage: {
        ...visit,
        season: season.name,
        competitions: calendar.length,
        groupPerformances: busiest.performances,
      },
    };
  } finally {
    await stack.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
