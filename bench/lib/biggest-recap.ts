import { loadRecapFixtures, type RecapFixture } from '../../test/fixtures/recaps/load.js';
import { importRecapHtml } from '../../server/api/recap-import/to-import.js';

export interface BiggestRecap extends RecapFixture {
  performances: number;
}

/**
 * The real recap page with the most performances (ties: the longer page, which has more score lines), among the
 * pages the importer reads. Both the API and the web benchmarks use it: it is the worst real case we know of.
 */
export function biggestRecap(): BiggestRecap {
  let best: BiggestRecap | undefined;
  for (const fixture of loadRecapFixtures()) {
    let performances: number;
    try {
      const recap = importRecapHtml(fixture.html, fixture.name);
      if (!recap.date) continue;
      performances = recap.sections.reduce((sum, section) => sum + section.performances.length, 0);
    } catch {
      continue;
    }
    if (
      !best ||
      performances > best.performances ||
      (performances === best.performances && fixture.html.length > best.html.length)
    ) {
      best = { ...fixture, performances };
    }
  }
  if (!best) throw new Error('no readable recap fixture');
  return best;
}
