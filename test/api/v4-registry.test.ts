/**
 * The v4 resources are listed in code (server/api/routes/v4/index.ts), not found by scanning the folder: this fails
 * when a resource module of the folder is not listed, or a listed name is not its module.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOURCE_MODULES } from '../../server/api/routes/v4/index.js';

const folder = new URL('../../server/api/routes/v4/', import.meta.url);
/** `<resource>.ts` serves a resource; `<resource>.routes.ts` declares its routes; index.ts is the list itself. */
const resourceFiles = readdirSync(folder)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.routes.ts') && name !== 'index.ts')
  .map((name) => name.replace(/\.ts$/, ''))
  .sort();

describe('the v4 resource list', () => {
  it('names every resource module of the folder, in file-name order', () => {
    expect(resourceFiles.length).toBeGreaterThan(0);
    expect(Object.keys(RESOURCE_MODULES)).toEqual(resourceFiles);
  });

  it.each(resourceFiles)('lists %s as that module, which exports resource(services)', async (name) => {
    const module = (await import(new URL(`${name}.ts`, folder).href)) as { resource?: unknown };
    expect(typeof module.resource).toBe('function');
    expect(RESOURCE_MODULES[name]?.resource).toBe(module.resource);
  });
});
