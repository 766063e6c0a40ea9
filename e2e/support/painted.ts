import type { Locator } from '@playwright/test';

/**
 * Whether the page paints this element at its centre, not another one over it. A sticky cell that the scrolled
 * cells cover is still "in the viewport" by its box; only the hit test says a reader sees it.
 */
export function paintedOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}
