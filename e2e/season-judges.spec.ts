import type { Season } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { get } from './support/api-data';

interface SeasonJudge {
  name: string;
  competitions: number;
  captions: number;
}

test(
  "a season's judges are listed from its page, each linking to the judge's season",
  { tag: '@journey' },
  async ({ page, request }) => {
    const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
    let season: Season | undefined;
    let judges: SeasonJudge[] = [];
    for (const candidate of seasons) {
      judges = (await get<{ data: SeasonJudge[] }>(request, `/bff/seasons/${candidate.id}/judges`)).data;
      if (judges.length > 0) {
        season = candidate;
        break;
      }
    }
    expect(season, 'a season with released scores').toBeDefined();

    await page.goto(`/seasons/${season!.id}`);
    await page.getByRole('link', { name: 'Judges', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Judges · ${season!.name}`);
    const table = page.getByRole('table', { name: `Judges of ${season!.name}` });
    await expect(table.getByRole('row')).toHaveCount(judges.length + 1);
    const first = judges[0];
    const link = table.getByRole('link', { name: `${first.name}: `, exact: false }).first();
    await expect(link).toHaveAttribute('href', `/judges/${encodeURIComponent(first.name)}?season=${season!.id}`);
  },
);
