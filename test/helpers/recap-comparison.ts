/**
 * The comparers of a recap page with what the API serves, shared by the archive reproduction test
 * (test/api/real-recaps.test.ts), the published pages' round trip (test/api/published-recap-round-trip.test.ts) and
 * the show re-run through judges (test/show-day/show-rerun.test.ts), so that each proves the same thing the same
 * way: every number and rank a page printed equals what v4, v2 or a served page says.
 */
import type { ImportedRecap, PublishedRanked } from '../../server/api/recap-import/to-import.js';
import type { CheckedRecap } from '../../server/api/recap-import/load-recap.js';
import { parseMicros, toMicros } from '../../server/api/tabulation/decimal.js';
import { formatScore } from '../../domain/scores.js';

interface Ranked {
  score: number;
  rank: number | null;
}
export interface ApiPerformance {
  group: { name: string };
  performed: boolean;
  total: Ranked;
  subtotal: Ranked;
  penalty: number;
  categories: (Ranked & {
    key: string;
    captions: (Ranked & { key: string; subcaptions: (Ranked & { key: string })[] })[];
  })[];
}
export interface ApiSection {
  division: { name: string };
  round: { number: number; name: string };
  performances: ApiPerformance[];
}

/**
 * Every published number and rank of a page that v4 scores (`sections`, one competition's) serve otherwise: each
 * subcaption, caption, category, Sub Total, Total and penalty of a group that performed, and the Sub Total and Total
 * of one that did not (served as not performed). Answers the differences, each naming the page, section and group.
 */
export function servedDifferences(name: string, recap: ImportedRecap, sections: ApiSection[]): string[] {
  const differences: string[] = [];
  recap.sections.forEach((section, s) => {
    const served = sections.find(
      (candidate) => candidate.division.name === section.divisionName && candidate.round.number === section.roundNumber,
    );
    if (!served) return void differences.push(`${name} section ${s}: not served`);
    for (const performance of section.performances) {
      const where = `${name} ${section.divisionName} r${section.roundNumber} "${performance.groupName}"`;
      const match = served.performances.find((candidate) => candidate.group.name === performance.groupName);
      if (!match) {
        differences.push(`${where}: not served`);
        continue;
      }
      const compare = (what: string, got: Ranked, published: PublishedRanked | null) => {
        if (!published) return;
        if (published.score !== null && toMicros(got.score) !== parseMicros(String(published.score))) {
          differences.push(`${where} ${what}: ${got.score} != ${published.score}`);
        }
        // a printed rank of 0 is no rank (2014 pages print 0 under every Sub Total)
        if (published.rank && got.rank !== published.rank)
          differences.push(`${where} ${what} rank: ${got.rank} != ${published.rank}`);
      };
      if (!performance.performed) {
        if (match.performed) differences.push(`${where}: unscored group served as scored`);
        compare('subtotal', match.subtotal, performance.published.subtotal);
        compare('total', match.total, performance.published.total);
        continue;
      }
      match.categories.forEach((category, c) => {
        const printed = performance.published.categories[c];
        compare(`category ${category.key}`, category, printed);
        category.captions.forEach((caption, k) => {
          compare(`caption ${caption.key}`, caption, printed.captions[k]);
          caption.subcaptions.forEach((sub, i) =>
            compare(`${caption.key}.${sub.key}`, sub, printed.captions[k].subcaptions[i]),
          );
        });
      });
      compare('subtotal', match.subtotal, performance.published.subtotal);
      compare('total', match.total, performance.published.total);
      if (toMicros(match.penalty) !== toMicros(performance.published.penalty))
        differences.push(`${where} penalty ${match.penalty}`);
    }
  });
  return differences;
}

export interface V2PerformanceRecord {
  DivisionName: string;
  Round: string;
  GroupName: string;
  TotalScore: string;
  Rank: number;
  Performed: boolean;
}

/**
 * Every published total and rank of a page that v2 performance records (`records`, one competition's) print
 * otherwise, a group that did not perform included (printed zeros, ranked as the page ranks it).
 */
export function v2Differences(name: string, recap: ImportedRecap, records: V2PerformanceRecord[]): string[] {
  const differences: string[] = [];
  for (const section of recap.sections) {
    for (const performance of section.performances) {
      const record = records.find(
        (r) =>
          r.DivisionName === section.divisionName &&
          r.Round === String(section.roundNumber) &&
          r.GroupName === performance.groupName,
      );
      const published = performance.published.total;
      if (!record) differences.push(`${name} "${performance.groupName}": missing`);
      else if (record.Performed !== performance.performed)
        differences.push(`${name} "${performance.groupName}": Performed ${record.Performed}`);
      else if (
        record.TotalScore !== formatScore(published.score ?? 0, 'total') ||
        (published.rank && record.Rank !== published.rank)
      ) {
        differences.push(
          `${name} "${performance.groupName}": ${record.TotalScore}/${record.Rank} != ${published.score}/${published.rank}`,
        );
      }
    }
  }
  return differences;
}

interface ServedNumber {
  score: number;
  rank: number | null;
}
type ServedPerformance = ServedNumber & {
  group: { name: string };
  performed: boolean;
  subtotal: ServedNumber;
  penalty: number;
  total: ServedNumber;
  categories: (ServedNumber & { captions: (ServedNumber & { subcaptions: ServedNumber[] })[] })[];
};

export interface ServedSection {
  division: { name: string };
  round: { number: number };
  performances: ServedPerformance[];
}

/**
 * Every number and rank the API serves (v4 `sections`) for a scored group that a page (a served recap page read back
 * by our importer) does not print as such: exactly, blanks included.
 */
export function printedDifferences(page: CheckedRecap, sections: ServedSection[]): string[] {
  const differences: string[] = [];
  for (const section of page.recap.sections) {
    const served = sections.find(
      (candidate) => candidate.division.name === section.divisionName && candidate.round.number === section.roundNumber,
    );
    if (!served) {
      differences.push(`${page.file} ${section.divisionName}: a section the API does not serve`);
      continue;
    }
    for (const performance of section.performances) {
      const where = `${page.file} ${section.divisionName} "${performance.groupName}"`;
      const match = served.performances.find((candidate) => candidate.group.name === performance.groupName);
      if (!match || match.performed !== performance.performed) {
        differences.push(`${where}: performed ${performance.performed}, served ${match?.performed}`);
        continue;
      }
      if (!performance.performed) continue;
      const same = (
        what: string,
        printed: { score: number | null; rank: number | null } | null,
        number: ServedNumber,
      ) => {
        if (printed?.score !== number.score || printed.rank !== number.rank)
          differences.push(`${where} ${what}: printed ${JSON.stringify(printed)}, served ${JSON.stringify(number)}`);
      };
      const { published } = performance;
      match.categories.forEach((category, c) => {
        same(`category ${c}`, published.categories[c], category);
        category.captions.forEach((caption, k) => {
          same(`caption ${c}.${k}`, published.categories[c].captions[k], caption);
          caption.subcaptions.forEach((line, l) =>
            same(`line ${c}.${k}.${l}`, published.categories[c].captions[k].subcaptions[l], line),
          );
        });
      });
      same('Sub Total', published.subtotal, match.subtotal);
      same('Total', published.total, match.total);
      if (published.penalty !== match.penalty)
        differences.push(`${where} penalty: printed ${published.penalty}, served ${match.penalty}`);
    }
  }
  return differences;
}
