/**
 * The BFF's views are listed in code (server/bff/views/routes.ts), not found by scanning the folder: this fails when
 * a `<name>.view.ts` of the folder is not listed, or a listed name is not its module.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VIEW_MODULES } from '../../server/bff/views/routes.js';

const folder = new URL('../../server/bff/views/', import.meta.url);
const viewFiles = readdirSync(folder)
  .filter((name) => name.endsWith('.view.ts'))
  .map((name) => name.replace(/\.view\.ts$/, ''))
  .sort();

describe('the list of BFF views', () => {
  it('names every view module of the folder', () => {
    expect(viewFiles.length).toBeGreaterThan(0);
    expect(Object.keys(VIEW_MODULES).sort()).toEqual(viewFiles);
  });

  it.each(viewFiles)('lists %s as that module, which exports its view', async (name) => {
    const module = (await import(new URL(`${name}.view.ts`, folder).href)) as { view?: unknown };
    expect(module.view).toBeDefined();
    expect(VIEW_MODULES[name]?.view).toBe(module.view);
  });
});
