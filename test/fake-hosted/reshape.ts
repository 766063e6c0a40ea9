/**
 * Our API's answers cut down to what the hosted CompetitionSuite service is known to answer (issue 10): the
 * specification's fields and nothing more, the hosted service's URLs where ours point at JSON operations.
 */

type Json = Record<string, unknown>;

/**
 * Where the hosted service publishes a competition's pages: HTML for people (and scrapers), not JSON. The hosted
 * service serves them from recaps.competitionsuite.com/<guid>.htm and schedules.competitionsuite.com/<guid>_<view>.htm;
 * the fake serves them itself (one host), at /recaps/ and /schedules/ under its own origin, so the app's links out
 * to them lead somewhere in tests too.
 */
export function publishedPages(origin: string) {
  return {
    recap: (guid: string) => `${origin}/recaps/${guid}.htm`,
    categoryRecap: (guid: string) => `${origin}/recaps/${guid}_categories.htm`,
    schedule: (guid: string, view: 'standard' | 'logistical') => `${origin}/schedules/${guid}_${view}.htm`,
  };
}

const pick = (record: Json, fields: readonly string[]): Json => Object.fromEntries(fields.map((field) => [field, record[field]]));

/** `/v3/seasons`: id and name only (no year, dates or current flag). */
export function seasonItem(season: Json): Json {
  return pick(season, ['id', 'name']);
}

const EVENT_LIST_FIELDS = ['id', 'name', 'location', 'seasonId', 'eventTypeId', 'eventType', 'practice', 'videoEnabled', 'commentaryEnabled'] as const;
export function eventListItem(event: Json): Json {
  return pick(event, EVENT_LIST_FIELDS);
}

/** An event's detail: its competitions' schedule and recap URLs are the published pages. */
export function eventDetail(event: Json, origin: string): Json {
  const pages = publishedPages(origin);
  const competitions = (event.competitions as Json[]).map((competition) => {
    const guid = String(competition.guid);
    return {
      ...pick(competition, ['id', 'guid', 'name', 'date']),
      standardScheduleUrl: pages.schedule(guid, 'standard'),
      logisticalScheduleUrl: pages.schedule(guid, 'logistical'),
      recapUrl: pages.recap(guid),
    };
  });
  return { ...pick(event, ['id', 'name', 'location', 'seasonId', 'eventTypeId', 'eventType']), competitions };
}

export function groupItem(group: Json): Json {
  const division = group.division as Json;
  return {
    ...pick(group, ['id', 'name', 'location', 'circuitId', 'active', 'pending', 'groupType']),
    division: pick(division, ['id', 'name', 'initials']),
  };
}

const V2_COMPETITION_FIELDS = [
  'EventGuid', 'EventName', 'Location', 'Date', 'CompetitionGuid', 'CompetitionName', 'ChiefJudge', 'RecapUrl', 'CategoryRecapUrl',
  'PerformancesUrl', 'ScoresReleased', 'CategoryRecapReleased', 'RecapReleased', 'OrgCompetitionID', 'GroupTypeID', 'SeasonGuid',
  'SeasonName', 'IsCurrentSeason', 'RegistrationUrl',
] as const;

/** A v2 competition record: its recap URLs are the published pages, its other URLs the hosted service's reads. */
export function v2Competition(record: Json, origin: string): Json {
  const guid = String(record.CompetitionGuid);
  const pages = publishedPages(origin);
  return {
    ...pick(record, V2_COMPETITION_FIELDS),
    RecapUrl: pages.recap(guid),
    CategoryRecapUrl: pages.categoryRecap(guid),
    PerformancesUrl: `${origin}/2018-03/performances?c=${guid}`,
    RegistrationUrl: `${origin}/2018-03/groups?c=${guid}`,
  };
}

const V2_PERFORMANCE_FIELDS = [
  'DivisionName', 'DivisionInitials', 'Round', 'RoundName', 'GroupName', 'OrgGroupIdentifier', 'TotalScore', 'Rank', 'SubtotalScore',
  'SubtotalRank', 'Performed', 'NoScoreReason', 'Categories',
] as const;
export function v2Performance(record: Json): Json {
  return pick(record, V2_PERFORMANCE_FIELDS);
}
