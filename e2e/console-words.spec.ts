import { expectNoSeriousViolations } from './support/axe';
import { enterCaption, smallContest } from './support/contest';
import { expect, test } from './support/fixtures';
import { escaped, newUser, signIn } from './support/people';

/**
 * What the console and the set-up pages say, as a volunteer read it (issue 36, item 10): a refused release's box
 * goes once the round is ready; one sign-off is one line of the audit trail; a number above a line's maximum is
 * refused in the sheet's own words; the catalogue's preview names each category's judges; the red errors of an
 * empty submit clear as the fields are filled.
 */

test.use({ ignoreHTTPSErrors: true });
test.skip(({ upstream }) => upstream !== 'ours', 'our API only: the hosted service manages its own contests');
test.skip(({ isMobile }) => isMobile, 'the console and the set-up pages are used on a laptop in the press box');

test('a refused release’s list goes once every caption is in and the round is ready', async ({ page, scoreEntry }) => {
  test.setTimeout(120_000);
  const contest = await smallContest(scoreEntry, { title: 'Refusal', groups: ['Ash HS', 'Oak HS'] });
  const [first, second] = contest.performances;
  for (const caption of contest.captions) await enterCaption(scoreEntry, first.id, caption, 0.8);
  const tabulator = await newUser(scoreEntry, 'tabulator', 'Tab', `Refusal${contest.stamp}`);
  await signIn(page, tabulator, `/manage/competitions/${contest.competition.guid}`);
  const section = `${contest.division.name} ${contest.round.name}`;
  const controls = page.getByRole('region', { name: section, exact: true });
  const total = contest.captions.length * 2;
  await expect(controls.getByText(`${contest.captions.length} of ${total} caption entries submitted`)).toBeVisible({
    timeout: 30_000,
  });

  await controls.getByRole('button', { name: `Release ${section}` }).click();
  const refusal = controls.getByRole('alert').filter({ hasText: `Not released: ${section} is not complete.` });
  await expect(refusal).toBeVisible();
  await expect(refusal.getByRole('listitem')).toHaveCount(contest.captions.length);
  await expect(refusal.getByRole('listitem').first()).toContainText(`missing for ${second.group}`);

  // The rest comes in (paper sheets entered by the key): the list shrinks as captions arrive, then goes.
  await enterCaption(scoreEntry, second.id, contest.captions[0], 0.7);
  await expect(refusal.getByRole('listitem')).toHaveCount(contest.captions.length - 1);
  for (const caption of contest.captions.slice(1)) await enterCaption(scoreEntry, second.id, caption, 0.7);
  await expect(controls.getByText(`${total} of ${total} caption entries submitted`)).toBeVisible();
  await expect(controls.getByText('Ready to release')).toBeVisible();
  await expect(refusal).toBeHidden();
  await expect(controls.getByRole('button', { name: 'Release anyway…' })).toBeHidden();
  await controls.getByRole('button', { name: `Release ${section}` }).click();
  await expect(controls.getByRole('button', { name: `Withdraw ${section}` })).toBeVisible();
});

test('one sign-off is one line of the audit trail, in the division’s and round’s names', async ({
  page,
  scoreEntry,
}) => {
  test.setTimeout(120_000);
  const contest = await smallContest(scoreEntry, { title: 'Signoff', groups: ['Elm HS'] });
  const chief = await newUser(scoreEntry, 'chief-judge', 'Cy', `Chief${contest.stamp}`);
  await signIn(page, chief, `/manage/competitions/${contest.competition.guid}`);
  const section = `${contest.division.name} ${contest.round.name}`;
  await page.getByRole('button', { name: `Sign off ${section}` }).click({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: `Take back sign-off of ${section}` })).toBeVisible();
  const trail = page.getByRole('region', { name: 'Audit trail' });
  await expect(trail.getByText(`${section}: signed off`)).toBeVisible();
  await expect(trail.getByText(/: signed off$/)).toHaveCount(1);
  await expect(trail).not.toContainText('withdrawn');
  await expect(trail).not.toContainText(': released');
  await expectNoSeriousViolations(page);
});

test('a correction above a line’s maximum is refused in the sheet’s own words, on the page and by the API', async ({
  page,
  scoreEntry,
}) => {
  test.setTimeout(120_000);
  const contest = await smallContest(scoreEntry, { title: 'Maximum', groups: ['Fir HS'] });
  const [performance] = contest.performances;
  const caption = contest.captions[0];
  const line = caption.subcaptions[0];
  await enterCaption(scoreEntry, performance.id, caption, 0.8);
  const words = `${caption.name}: ${line.name} can be at most ${line.max}`;

  // The API's problem says it with the sheet's names.
  const refused = await scoreEntry.post<{ detail: string; errors: { name: string; message: string }[] }>(
    `/performances/${performance.id}/scores`,
    { captionKey: caption.key, scores: [{ subcaptionKey: line.key, score: 999 }], reason: 'typo' },
    422,
  );
  expect(refused.detail).toContain(words);
  expect(refused.detail).not.toContain(`${caption.key}.${line.key}`);
  expect(refused.errors[0].message).toBe(words);

  const tabulator = await newUser(scoreEntry, 'tabulator', 'Tab', `Maximum${contest.stamp}`);
  await signIn(page, tabulator, `/manage/competitions/${contest.competition.guid}`);
  await page
    .getByRole('button', { name: new RegExp(`^${escaped(performance.group)}, ${escaped(caption.name)}.*: submitted`) })
    .click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: `${caption.name}: ${performance.group}` });
  await dialog.getByLabel(line.name, { exact: true }).fill('999');
  await dialog.getByLabel('Reason (required)').fill('Typed twice');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel(line.name, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(words)).toBeVisible();
  await expect(dialog).not.toContainText('outside 0..');
  // Typed right, the error goes before the save.
  await dialog.getByLabel(line.name, { exact: true }).fill(String(line.max));
  await expect(dialog.getByText(words)).toBeHidden();
});

test('the catalogue’s preview names each category’s judges', async ({ page, scoreEntry }) => {
  const admin = await newUser(scoreEntry, 'administrator', 'Ad', `Catalogue${Date.now()}`);
  await signIn(page, admin, '/manage/divisions');
  const form = page.getByRole('region', { name: 'Add a division' });
  await form.getByLabel('Kind of group').selectOption({ label: 'Color Guard' });
  await form.getByLabel('Catalogue sheet').selectOption({ label: 'Color Guard (Color Guard)' });
  await expect(form.getByRole('listitem').filter({ hasText: /^General Effect:/ })).toHaveText(
    'General Effect: 2 judges',
  );
  await expect(form.getByRole('listitem').filter({ hasText: /^Equipment Analysis:/ })).toHaveText(
    'Equipment Analysis: 1 judge',
  );
  await expect(form).not.toContainText('General Effect, General Effect');
});

test('the red errors of an empty submit clear as the fields are filled', async ({ page, scoreEntry }) => {
  const admin = await newUser(scoreEntry, 'administrator', 'Ad', `Errors${Date.now()}`);
  await signIn(page, admin, '/manage/seasons');
  const form = page.getByRole('region', { name: 'Add a season' });
  await form.getByRole('button', { name: 'Add season' }).click();
  await expect(form.getByText('Give the season a name.')).toBeVisible();
  await expect(form.getByText('Give the first day of the season.')).toBeVisible();
  await expect(form.getByText('Give the last day of the season.')).toBeVisible();

  await form.getByLabel('Name').fill('1996 Errors');
  await expect(form.getByText('Give the season a name.')).toBeHidden();
  await expect(form.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Give the first day of the season.')).toBeVisible();
  await form.getByLabel('First day').fill('1996-01-06');
  await form.getByLabel('Last day').fill('1996-04-20');
  await expect(form.getByText('Give the first day of the season.')).toBeHidden();
  await expect(form.getByText('Give the last day of the season.')).toBeHidden();
  // Made wrong again after the try, it says so at once.
  await form.getByLabel('Last day').fill('1995-12-31');
  await expect(form.getByText('The last day cannot be before the first day.')).toBeVisible();
});
