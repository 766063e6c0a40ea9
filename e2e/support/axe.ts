import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The page as it stands (or the part `only` selects) has no serious or critical accessibility violation (axe-core's WCAG 2.x A and AA rules). */
export async function expectNoSeriousViolations(page: Page, { only }: { only?: string } = {}): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (only ? builder.include(only) : builder).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(serious, `axe on ${page.url()}`).toEqual([]);
}
