/**
 * The competitions whose changes are pushed to this tab right now (live-stream.ts keeps it): their queries need not
 * poll. Apart from live-stream.ts so that the query options, in the initial JS, do not bring the stream code along.
 */
export const pushedCompetitions = new Set<string>();

export const isLivePushed = (competitionGuid: string): boolean => pushedCompetitions.has(competitionGuid.toLowerCase());
