import { describe, expect, it } from 'vitest';
import { managePaths, matchManagePath } from './manage-paths';

const GUID = '0b5d6f1e-3c2a-4e8b-9f10-6a7b8c9d0e1f';

describe('matchManagePath', () => {
  it('finds each page by the address its href gives, with the competition', () => {
    for (const page of Object.keys(managePaths) as (keyof typeof managePaths)[]) {
      const href = (managePaths[page].href as (guid: string) => string)(GUID).split('?')[0];
      expect(matchManagePath(href.slice('/manage/'.length)), href).toEqual({
        page,
        params: managePaths[page].path.includes(':competitionGuid') ? { competitionGuid: GUID } : {},
      });
    }
  });

  it('takes a trailing slash, and finds nothing for an unknown address or a longer one', () => {
    expect(matchManagePath('seasons/')?.page).toBe('seasons');
    expect(matchManagePath(`competitions/${GUID}/entries/`)?.page).toBe('entries');
    expect(matchManagePath('nothing-here')).toBeUndefined();
    expect(matchManagePath(`competitions/${GUID}/panel/extra`)).toBeUndefined();
    expect(matchManagePath('competitions')).toBeUndefined();
    expect(matchManagePath('')).toBeUndefined();
  });

  it('decodes the competition segment, and keeps one that does not decode as it is', () => {
    expect(matchManagePath('competitions/a%20b')?.params.competitionGuid).toBe('a b');
    expect(matchManagePath('competitions/%E0%A4%A')?.params.competitionGuid).toBe('%E0%A4%A');
  });
});
