/**
 * A season's judges, by one rule wherever the list is served (our API's `/judges/` extension, and the BFF's view
 * derived from v2's performance records on the hosted service): a judge is named as v2's captions carry it, first
 * name and last name joined by a space; a judge counts each competition where they judged a caption of a released
 * round, and each caption they judged there (one division's caption in one round). Unnamed captions count for no one.
 */
export interface JudgedCaption {
  firstName: string;
  lastName: string;
  /** the competition's guid */
  competition: string;
  /** the caption within the competition: its round, division and caption (one judge's sheet) */
  caption: string;
}

export interface SeasonJudge {
  /** first + " " + last, the name the judge's page is addressed by */
  name: string;
  firstName: string;
  lastName: string;
  competitions: number;
  captions: number;
}

export function judgeName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.trim();
}

/** The season's judges, by last name, then first name. */
export function seasonJudges(captions: Iterable<JudgedCaption>): SeasonJudge[] {
  const judges = new Map<
    string,
    { firstName: string; lastName: string; competitions: Set<string>; captions: Set<string> }
  >();
  for (const judged of captions) {
    const name = judgeName(judged.firstName, judged.lastName);
    if (name === '') continue;
    let judge = judges.get(name);
    if (!judge)
      judges.set(
        name,
        (judge = {
          firstName: judged.firstName.trim(),
          lastName: judged.lastName.trim(),
          competitions: new Set(),
          captions: new Set(),
        }),
      );
    judge.competitions.add(judged.competition);
    judge.captions.add(`${judged.competition}\u0000${judged.caption}`);
  }
  return [...judges]
    .map(([name, judge]) => ({
      name,
      firstName: judge.firstName,
      lastName: judge.lastName,
      competitions: judge.competitions.size,
      captions: judge.captions.size,
    }))
    .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
}
