import { describe, expect, it } from 'vitest';
import { drawRequest, initialForm, moved, newSeed, orderLines, problemsFromApi } from './draw-model';

const entries = [
  { groupId: 4, name: 'Alpha' },
  { groupId: 9, name: 'Bravo' },
];
const section = { round: 1, divisionId: 3 };

describe('the draw form', () => {
  it('starts from a random seed below 2^48, taking the top 16 bits of the first word', () => {
    expect(newSeed((buffer) => buffer.fill(0xffffffff))).toBe(String(2 ** 48 - 1));
    expect(newSeed((buffer) => buffer.fill(0))).toBe('0');
    expect(newSeed((buffer) => Object.assign(buffer, [0x10001, 5]))).toBe(String(2 ** 32 + 5));
  });

  it('sends each rule with its own inputs only', () => {
    const form = initialForm(entries, '12');
    expect(drawRequest(form, entries, section)).toEqual({ body: { ...section, rule: 'random', seed: '12' } });
    expect(drawRequest({ ...form, inTiers: true, tiers: { 4: '2', 9: '1' } }, entries, section)).toEqual({
      body: {
        ...section,
        rule: 'random',
        seed: '12',
        tiers: [
          { groupId: 4, tier: 2 },
          { groupId: 9, tier: 1 },
        ],
      },
    });
    expect(drawRequest({ ...form, rule: 'reverse-score' }, entries, section)).toEqual({
      body: { ...section, rule: 'reverse-score', seed: '12', scoreFrom: 'season' },
    });
    expect(
      drawRequest(
        { ...form, rule: 'seeded', blocks: '2', scoreFrom: 'competition', scoreCompetitionId: '31' },
        entries,
        section,
      ),
    ).toEqual({
      body: { ...section, rule: 'seeded', seed: '12', scoreFrom: 'competition', scoreCompetitionId: 31, blocks: 2 },
    });
    expect(drawRequest({ ...form, rule: 'flights', flights: '3' }, entries, section)).toMatchObject({
      body: { rule: 'flights', flights: 3 },
    });
    expect(drawRequest({ ...form, rule: 'hand', handOrder: [9, 4] }, entries, section)).toMatchObject({
      body: { rule: 'hand', order: [9, 4] },
    });
  });

  it('names each field it refuses, as the API names them', () => {
    const form = initialForm(entries, '12');
    const problems = (result: ReturnType<typeof drawRequest>) =>
      'problems' in result ? [...result.problems.keys()] : [];
    expect(problems(drawRequest({ ...form, seed: '-1' }, entries, section))).toEqual(['seed']);
    expect(problems(drawRequest({ ...form, seed: '9007199254740992' }, entries, section))).toEqual(['seed']);
    expect(problems(drawRequest({ ...form, seed: '9007199254740991' }, entries, section))).toEqual([]);
    expect(problems(drawRequest({ ...form, inTiers: true, tiers: { 4: '0', 9: '21' } }, entries, section))).toEqual([
      'tiers[4]',
      'tiers[9]',
    ]);
    expect(
      problems(drawRequest({ ...form, rule: 'reverse-score', scoreFrom: 'competition' }, entries, section)),
    ).toEqual(['scoreCompetitionId']);
    expect(problems(drawRequest({ ...form, rule: 'flights', flights: '5' }, entries, section))).toEqual(['flights']);
  });

  it("reads the API's tier refusal onto the entry sent at that index", () => {
    const sent = {
      ...section,
      rule: 'random' as const,
      tiers: [
        { groupId: 4, tier: 1 },
        { groupId: 9, tier: 99 },
      ],
    };
    const found = problemsFromApi(
      new Map([
        ['tiers[1].tier', 'too high'],
        ['seed', 'not a number'],
        ['scoreCompetitionId', 'name it'],
      ]),
      sent,
    );
    expect([...found]).toEqual([
      ['tiers[9]', 'too high'],
      ['seed', 'not a number'],
      ['scoreCompetitionId', 'name it'],
    ]);
  });

  it('moves an entry of the hand order one place, kept in bounds', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('says what placed each group', () => {
    const lines = orderLines({
      procedure: 'splitmix64-durstenfeld/1',
      input: {
        rule: 'seeded',
        seed: 1,
        blocks: 2,
        entries: [
          { groupId: 4, name: 'Alpha', score: 80.5 },
          { groupId: 9, name: 'Bravo', score: null },
        ],
      },
      order: [
        { groupId: 9, position: 1, block: 2, rank: 2 },
        { groupId: 4, position: 2, block: 1, rank: 1 },
      ],
    });
    expect(lines.map((line) => [line.position, line.name, line.detail])).toEqual([
      [1, 'Bravo', 'block 2 of 2 · rank 2 (no score)'],
      [2, 'Alpha', 'block 1 of 2 · rank 1 (80.500)'],
    ]);
  });
});
