/**
 * The published recap pages the e2e stack imports and the recap-import spec checks number for number. They are
 * read from the project's fixtures (test/fixtures/recaps, see its SOURCE.md), gzipped as stored there:
 * - 00b8b635: Middleburg HS Show 2022, percussion concert, weighted captions, two groups;
 * - 1b5402fa: DCI Southwestern 2026, twenty corps, doubled panels, category scores with a third decimal;
 * - 2f02254a: West Fork HS (CG) 2026, twelve color guard sections (60 groups), Red/Blue rounds, penalties, and a
 *   festival section the importer leaves out;
 * - 68b3a657: DCI Kentucky 2026, drum corps (GE summed, Visual and Music summed and halved);
 * - 84b9096d: WGASC P/W Championship 2025, a doubled panel averaged and a penalty that changes the ranks.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RECAP_FIXTURES_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'test',
  'fixtures',
  'recaps',
);

export const E2E_RECAP_PAGES = [
  '00b8b635-ad91-4aa9-aaaa-9bdd2ef7fc86.htm',
  '1b5402fa-ca69-4d9a-8be5-7e984c0c04b9.htm',
  '2f02254a-9156-4c56-a0ad-fe4f997a6190.htm',
  '68b3a657-3ae8-4bd2-b983-7922dcfab6a0.htm',
  '84b9096d-e6be-4ad7-905b-cbf4104b7491.htm',
];
