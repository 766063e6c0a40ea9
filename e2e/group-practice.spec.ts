import type { DivisionStandings, GroupSeason, Season } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { get } from './support/api-data';

/** A group that performed at the sample circuit's practice clinic and in at least two competitions. */
async function groupAtPractice(request: Parameters<typeof get>[0]) {
  for (const season of (await get<{ data: Season[] }>(request, '/bff/seasons')).data) {
    const standings = (await get<{ data: DivisionStandings[] }>(request, `/bff/seasons/${season.id}/standings`)).data;
    for (const { group } of standings.flatMap((division) => division.entries)) {
      const query = new URLSearchParams({
        name: group.name,
        ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}),
      });
      const { data } = await get<GroupSeason>(request, `/bff/seasons/${season.id}/group?${query}`);
      const scored = data.filter((p) => p.performed && p.total);
      if (scored.some((p) => p.practice) && scored.filter((p) => !p.practice).length >= 2) {
        const address = new URLSearchParams({
          ...(group.orgGroupIdentifier ? { id: group.orgGroupIdentifier } : {}),
          season: String(season.id),
        });
        return { group, scored, url: `/groups/${encodeURIComponent(group.name)}?${address}` };
      }
    }
  }
  throw new Error('no group with a practice performance and two competitions');
}

test('a group page marks practice and leaves it out of the trend and best score unless asked', async ({
  page,
  request,
  upstream,
}) => {
  test.skip(upstream === 'hosted', "the sample circuit's practice clinic is on our API");
  const { group, scored, url } = await groupAtPractice(request);
  const competitions = scored.filter((p) => !p.practice);
  await page.goto(url);
  const practiceRows = page.getByRole('rowheader').filter({ hasText: 'Practice' });
  await expect(practiceRows).toHaveCount(scored.filter((p) => p.practice).length);

  const trend = page.getByRole('img', { name: `Score trend of ${group.name}`, exact: false });
  await expect(trend).toHaveAccessibleName(new RegExp(` ${competitions.length} scored performances`));
  await page.getByRole('link', { name: 'Include practice' }).click();
  await expect(page).toHaveURL(/[?&]practice=include\b/);
  await expect(trend).toHaveAccessibleName(new RegExp(` ${scored.length} scored performances`));
  await page.getByRole('link', { name: 'Leave practice out' }).click();
  await expect(page).not.toHaveURL(/practice=/);
  await expect(trend).toHaveAccessibleName(new RegExp(` ${competitions.length} scored performances`));
});
