import { describe, expect, it } from 'vitest';
import { seasonJudges } from '../../domain/judges.js';

const judged = (firstName: string, lastName: string, competition: string, caption: string) => ({
  firstName,
  lastName,
  competition,
  caption,
});

describe("a season's judges", () => {
  it('count each competition and each caption once, name judges first + last, and skip unnamed captions', () => {
    expect(
      seasonJudges([
        judged('Tom', 'Slaughter', 'c1', 'r1 SA GE1'),
        judged('Tom', 'Slaughter', 'c1', 'r1 SA GE1'),
        judged('Tom', 'Slaughter', 'c1', 'r1 SW GE1'),
        judged('Tom', 'Slaughter', 'c2', 'r1 SA GE1'),
        judged('Ann', 'Arbor', 'c2', 'r1 SA EA'),
        judged('', '', 'c2', 'r1 SA MA'),
      ]),
    ).toEqual([
      { name: 'Ann Arbor', firstName: 'Ann', lastName: 'Arbor', competitions: 1, captions: 1 },
      { name: 'Tom Slaughter', firstName: 'Tom', lastName: 'Slaughter', competitions: 2, captions: 3 },
    ]);
  });
});
