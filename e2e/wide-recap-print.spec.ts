import type { APIRequestContext, Locator } from '@playwright/test';
import type { CalendarEntry, Season } from '../src/lib/api-models';
import { expect, test } from './support/fixtures';
import { get, seasonCalendar } from './support/api-data';
import { paintedOnTop } from './support/painted';

/**
 * The widest recap the e2e stacks hold on both upstreams: DCI Southwestern 2026 (e2e/recap-pages.ts, and among the
 * fake hosted service's pages), twenty corps on a full drum corps sheet, some 2,100 px of columns.
 */
async function drumCorpsRecap(request: APIRequestContext): Promise<CalendarEntry> {
  const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
  for (const season of seasons) {
    const found = (await seasonCalendar(request, season.id)).find(
      (entry) => entry.event.name === 'DCI Southwestern Championship',
    );
    if (found) return found;
  }
  throw new Error('DCI Southwestern Championship is on neither upstream');
}

test(
  'a wide recap keeps Group and Total in the window before and after the captions scroll, and says more columns exist',
  { tag: '@journey' },
  async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the table of a wide screen');
    await page.setViewportSize({ width: 1366, height: 900 });
    const { competition } = await drumCorpsRecap(request);
    await page.goto(`/competitions/${competition.guid}?view=full`);
    const region = page.getByRole('region', { name: /^World Class —/ });
    const group = region.getByRole('columnheader', { name: 'Group', exact: true });
    const total = region.getByRole('columnheader', { name: 'Total', exact: true });
    const firstRow = region
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader') })
      .first();
    const firstRowGroup = firstRow.getByRole('rowheader');
    // Rank, then Total: the sticky block is Rank, Group (the row's header) and Total
    const firstRowTotal = firstRow.getByRole('cell').nth(1);

    await expect(page.getByText('More columns to the right: scroll sideways')).toBeVisible();
    for (const cell of [group, total, firstRowTotal]) await expect(cell).toBeInViewport({ ratio: 1 });
    await expect(firstRowTotal).toHaveText(/^\d+\.\d{3}\s*rank 1/);

    await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect(page.getByText('More columns to the left: scroll back')).toBeVisible();
    for (const cell of [group, total, firstRowGroup, firstRowTotal]) {
      await expect(cell).toBeInViewport({ ratio: 1 });
      // in view and on top: the captions scrolled under them do not paint over them
      await expect.poll(() => paintedOnTop(cell)).toBe(true);
    }
  },
);

/**
 * Where the page paints what, across the region at its resting scroll: each sticky cell whole and on top (its left
 * edge, centre and right edge), and every other cell of the header and the first row either clear of the sticky
 * block and painted itself, or wholly scrolled under it: none half covered.
 */
function coverage(region: Locator) {
  return region.evaluate((element) => {
    const area = element.getBoundingClientRect();
    const problems: string[] = [];
    const table = element.querySelector('table')!;
    const cells = [
      ...table.querySelectorAll<HTMLElement>('thead th'),
      ...table.querySelectorAll<HTMLElement>('tbody tr:first-child > *'),
    ];
    const sticky = cells.filter((cell) => getComputedStyle(cell).position === 'sticky');
    const edge = Math.max(...sticky.map((cell) => cell.getBoundingClientRect().right));
    const paints = (cell: HTMLElement, x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && cell.contains(hit);
    };
    const name = (cell: HTMLElement) => (cell.textContent ?? '').trim().slice(0, 40);
    for (const cell of cells) {
      const box = cell.getBoundingClientRect();
      const y = box.top + Math.min(box.height / 2, 12);
      if (sticky.includes(cell)) {
        for (const x of [box.left + 2, box.left + box.width / 2, box.right - 2])
          if (!paints(cell, x, y)) problems.push(`sticky "${name(cell)}" covered at ${Math.round(x)}`);
        continue;
      }
      if (box.right <= edge + 1 || box.left >= area.right - 1) continue; // scrolled under the block, or not yet in
      const spanning = cell instanceof HTMLTableCellElement && cell.colSpan > 1;
      if (spanning) {
        // a category or caption over several columns, some under the block: its label stays whole beside it
        const label = (cell.firstElementChild ?? cell) as HTMLElement;
        const own = label.getBoundingClientRect();
        // where less of the header than its label is left in view, the label has gone as far out as the header lets
        // it: a sticky label stops at the end of its header's content box, inside the padding
        const style = getComputedStyle(cell);
        const contentRight = box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth);
        if (own.left < edge - 1 && own.right < contentRight - 1)
          problems.push(`"${name(cell)}": its label half under the sticky block`);
        else if (own.right <= area.right && !paints(cell, own.left + own.width / 2, own.top + own.height / 2))
          problems.push(`"${name(cell)}": its label covered`);
      } else if (box.left < edge - 1)
        problems.push(`"${name(cell)}" half under the sticky block (${Math.round(box.left)} < ${Math.round(edge)})`);
      else if (!paints(cell, Math.min(box.left + box.width / 2, area.right - 2), y))
        problems.push(`"${name(cell)}" covered`);
    }
    return problems;
  });
}

test(
  'a wide recap never paints a sticky cell over another cell, at rest wherever it is scrolled',
  { tag: '@journey' },
  async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the table of a wide screen');
    await page.setViewportSize({ width: 1366, height: 900 });
    const { competition } = await drumCorpsRecap(request);
    await page.goto(`/competitions/${competition.guid}?view=full`);
    const region = page.getByRole('region', { name: /^World Class —/ });
    await expect(region.getByRole('columnheader', { name: 'Total', exact: true })).toBeVisible();
    expect(await coverage(region)).toEqual([]);
    // a reader's sideways scroll, some columns at a time, to the end: it rests where the region snaps it
    const end = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
    for (let step = 1; step <= 6; step++) {
      await region.evaluate((element, left) => element.scrollTo({ left }), Math.round((end * step) / 6) - 37);
      await expect.poll(() => coverage(region)).toEqual([]);
    }
  },
);

test(
  'a printed recap keeps every column on a landscape page, without the navigation',
  { tag: '@journey' },
  async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'printed from a wide screen');
    const { competition } = await drumCorpsRecap(request);
    await page.goto(`/competitions/${competition.guid}?view=full`);
    const region = page.getByRole('region', { name: /^World Class —/ });
    await expect(region.getByRole('columnheader', { name: 'Total', exact: true })).toBeVisible();

    // the paper's width: Letter landscape less the page's 10 mm margins (index.css's @page)
    await page.setViewportSize({ width: 980, height: 700 });
    await page.emulateMedia({ media: 'print' });
    for (const chrome of [
      page.getByRole('banner'),
      page.getByRole('navigation', { name: 'Breadcrumb' }),
      page.getByRole('navigation', { name: 'Competition' }),
      page.getByRole('navigation', { name: 'Recap view' }),
    ]) {
      await expect(chrome).toBeHidden();
    }
    const rows = region.getByRole('row').filter({ has: page.getByRole('rowheader') });
    await expect(rows).toHaveCount(20);
    const right = async (locator: ReturnType<typeof page.getByRole>) => {
      const box = (await locator.boundingBox())!;
      return box.x + box.width;
    };
    await expect
      .poll(() => right(region.getByRole('columnheader', { name: 'Total', exact: true })))
      .toBeLessThanOrEqual(980);
    for (const row of await rows.all()) expect(await right(row.getByRole('cell').last())).toBeLessThanOrEqual(980);

    const pdf = await page.pdf({ format: 'Letter', landscape: true, preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  },
);

test('printed standings leave the navigation out', { tag: '@journey' }, async ({ page, request }) => {
  const seasons = (await get<{ data: Season[] }>(request, '/bff/seasons')).data;
  const season = seasons.find((candidate) => candidate.current)!;
  await page.goto(`/seasons/${season.id}/standings`);
  const table = page.getByRole('table').first();
  await expect(table).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
  await expect(table).toBeVisible();
  await expect(table).toBeInViewport();
});
