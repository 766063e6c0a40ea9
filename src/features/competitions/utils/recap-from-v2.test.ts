import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import type { PerformanceRecord } from '../../../lib/api-models';
import { makeSummary, makeV2Records, SEASON_ID } from '../../../test/factories';
import { recapFromV2 } from './recap-from-v2';
import { releasedParts } from './released';

const context = { seasonId: SEASON_ID, competitionGuid: makeSummary().competition.guid, groups: makeSummary().groups };

describe('the recap from v2 performance records', () => {
  const [section] = recapFromV2(makeV2Records(), context);

  it('makes one section per division and round, the sheet from the records, doubled captions apart', () => {
    expect(section.division).toEqual({ id: 'scholastic-a', name: 'Scholastic A', initials: 'SA' });
    expect(section.round).toEqual({ number: 1, name: 'Finals' });
    expect(
      section.sheet.categories.map((c) => [
        c.key,
        c.name,
        c.printsTotal,
        c.captions.map((k) => [k.key, k.judge?.lastName, k.subcaptions.map((s) => s.initials)]),
      ]),
    ).toEqual([
      ['general-effect', 'General Effect', false, [['general-effect/general-effect', 'Howell', ['Rep', 'Perf']]]],
      [
        'equipment-analysis',
        'Equipment Analysis',
        true,
        [
          ['equipment-analysis/equipment-analysis', 'Lee', ['Voc']],
          ['equipment-analysis/equipment-analysis-2', 'Kim', ['Voc']],
        ],
      ],
    ]);
  });

  it('reads every number with its rank, and the penalty as subtotal less total', () => {
    const [alpha, bravo] = section.performances;
    expect(alpha.total).toEqual({ score: 47, rank: 1 });
    expect(alpha.subtotal).toEqual({ score: 47.5, rank: 1 });
    expect(alpha.penalty).toBe(0.5);
    expect(bravo.penalty).toBe(0);
    const kim = bravo.categories[1].captions[1];
    expect(kim).toEqual({
      key: 'equipment-analysis/equipment-analysis-2',
      score: 18.5,
      rank: 1,
      subcaptions: [{ key: 'vocabulary', score: 18.5, rank: 1 }],
    });
    expect(bravo.categories[1]).toMatchObject({ score: 17.25, rank: 2 });
  });

  it('links each group by name and identifier in the season, with the location the BFF found', () => {
    expect(section.performances[0].group).toEqual({
      name: 'Alpha',
      orgGroupIdentifier: '1',
      location: 'Alpha town',
      href: paths.group.href({ name: 'Alpha', orgGroupIdentifier: '1' }, SEASON_ID),
    });
  });

  it('takes rank 0 as no number: a group that did not perform, a line left blank', () => {
    const charlie = section.performances[2];
    expect(charlie).toMatchObject({
      performed: false,
      noScoreReason: 'Withdrew',
      total: { score: 0, rank: null },
      categories: [],
      penalty: 0,
    });
    const records = makeV2Records();
    const blank: PerformanceRecord = structuredClone(records[0]);
    blank.Categories[0].Captions[0].Subcaptions[1] = {
      ...blank.Categories[0].Captions[0].Subcaptions[1],
      Score: '0',
      Rank: 0,
    };
    const [withBlank] = recapFromV2([blank, records[1]], context);
    expect(withBlank.performances[0].categories[0].captions[0].subcaptions.map((line) => line.key)).toEqual([
      'repertoire',
    ]);
    expect(withBlank.sheet.categories[0].captions[0].subcaptions.map((line) => line.name)).toEqual([
      'Repertoire',
      'Performance',
    ]);
  });

  it('prints a one-caption category total only where the category differs from its caption', () => {
    const records = makeV2Records();
    const halved = records.map((record) => ({
      ...record,
      Categories: record.Categories.map((category, i) =>
        i === 0 ? { ...category, Score: (Number(category.Score) / 2).toFixed(2) } : category,
      ),
    }));
    expect(recapFromV2(halved, context)[0].sheet.categories[0].printsTotal).toBe(true);
  });
});

describe('released parts', () => {
  const sections = recapFromV2(makeV2Records(), context);

  it('keep nothing before scores are released, no captions before the full recap, no categories before the category recap', () => {
    expect(
      releasedParts(sections, { scoresReleased: false, categoryRecapReleased: false, recapReleased: false }),
    ).toEqual([]);
    const categoriesOnly = releasedParts(sections, {
      scoresReleased: true,
      categoryRecapReleased: true,
      recapReleased: false,
    })[0];
    expect(categoriesOnly.sheet.categories.map((c) => c.captions)).toEqual([[], []]);
    expect(categoriesOnly.performances[0].categories.map((c) => [c.score, c.captions])).toEqual([
      [30, []],
      [17.5, []],
    ]);
    const totalsOnly = releasedParts(sections, {
      scoresReleased: true,
      categoryRecapReleased: false,
      recapReleased: false,
    })[0];
    expect(totalsOnly.sheet.categories).toEqual([]);
    expect(totalsOnly.performances[0]).toMatchObject({ total: { score: 47, rank: 1 }, categories: [] });
    expect(releasedParts(sections, { scoresReleased: true, categoryRecapReleased: true, recapReleased: true })).toBe(
      sections,
    );
  });
});
