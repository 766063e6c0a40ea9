import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { components } from '../../src/lib/api-types';
import { todayInChicago } from './api-data';
import { newUser, signIn } from './people';
import { enterGroups, type ScoreEntryClient } from './score-entry';

/**
 * One judge seated on General Effect 1 of a new competition today (Scholastic World, round 1 "Finals"), its groups
 * in the running order given, set up through the API as the tabulation room would; then the judge signs in through
 * the BFF and opens the seat's first sheet on /judge. The tablet's show-day journeys start here.
 */
type Schemas = components['schemas'];

export interface SeatedJudge {
  run: string;
  competitionId: number;
  performances: { id: number; name: string }[];
  judge: { id: number; email: string; firstName: string; lastName: string };
  /** its first sheet's Rep and Perf fields, once the seat is open */
  rep: ReturnType<Page['getByRole']>;
  perf: ReturnType<Page['getByRole']>;
}

export async function seatJudgeAndOpen(
  page: Page,
  scoreEntry: ScoreEntryClient,
  shorts: readonly string[],
): Promise<SeatedJudge> {
  const run = randomBytes(3).toString('hex');
  const seasons = await scoreEntry.get<{ data: Schemas['Season'][] }>('/seasons/');
  const season = seasons.data.find((candidate) => candidate.current)!;
  const divisions = await scoreEntry.get<{ data: Schemas['Division'][] }>('/divisions/?groupTypeId=1');
  const division = divisions.data.find((candidate) => candidate.name === 'Scholastic World')!;
  const event = await scoreEntry.post<{ id: number }>(
    '/events/',
    { seasonId: season.id, name: `Tablet Day ${run}`, eventTypeId: 1, startDate: todayInChicago() },
    201,
  );
  const competition = await scoreEntry.post<{ id: number }>(
    `/events/${event.id}/competitions`,
    {
      name: `Tablet Day ${run}`,
      date: new Date().toISOString(),
      groupTypeId: 1,
      rounds: [{ number: 1, name: 'Finals' }],
    },
    201,
  );
  const entered = await enterGroups(scoreEntry, {
    competitionId: competition.id,
    divisionId: division.id,
    run,
    shorts,
  });
  const judge = await newUser(scoreEntry, 'judge', 'Ana', `Ruiz ${run}`);
  await scoreEntry.post(
    `/competitions/${competition.id}/judges`,
    { round: 1, divisionId: division.id, captionKey: 'ge1', userId: judge.id },
    200,
  );

  await signIn(page, judge, '/judge');
  await page
    .getByRole('link', { name: new RegExp(`General Effect\\s*Scholastic World · Finals\\s*Tablet Day ${run}`) })
    .click();
  const performances = entered.map((group) => ({ id: group.performanceId, name: group.name }));
  await expect(page.getByRole('heading', { name: `1. ${performances[0].name}` })).toBeVisible();
  return {
    run,
    competitionId: competition.id,
    performances,
    judge: { id: judge.id, email: judge.email, firstName: 'Ana', lastName: `Ruiz ${run}` },
    rep: page.getByRole('textbox', { name: 'Rep' }),
    perf: page.getByRole('textbox', { name: 'Perf' }),
  };
}

/** The open sheet of one performance, from the seat's running order. */
export async function openSheet(page: Page, performance: { name: string }) {
  await page
    .getByRole('navigation', { name: 'Running order' })
    .getByRole('link', { name: new RegExp(performance.name) })
    .click();
  await expect(page.getByRole('heading', { name: new RegExp(`\\d+\\. ${performance.name}`) })).toBeVisible();
}
