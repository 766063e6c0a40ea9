import { existsSync } from 'node:fs';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { COMPETITION_GUID } from '../test/factories';
import { planPage } from './pages';
import { appRoutes } from './router';

const routes = appRoutes(new QueryClient());

describe("the app's page table", () => {
  it("gives the recap's module, its three reads as the app asks for them, and server rendering", () => {
    expect(planPage(routes, `/competitions/${COMPETITION_GUID}`)).toEqual({
      module: 'src/app/routes/recap.tsx',
      reads: [
        `/api/bff/competitions/${COMPETITION_GUID}`,
        `/api/2018-03/performances?c=${COMPETITION_GUID}`,
        `/api/bff/competitions/${COMPETITION_GUID}/corrections`,
      ],
      serverRendered: true,
    });
    expect(planPage(routes, `/competitions/${COMPETITION_GUID}/judges`)).toMatchObject({
      module: 'src/app/routes/recap-judges.tsx',
      serverRendered: false,
    });
  });

  it('renders home, a season and its standings on the server, hinting their first reads for when it cannot', () => {
    expect(planPage(routes, '/')).toEqual({
      module: 'src/app/routes/home.tsx',
      reads: ['/api/bff/seasons'],
      serverRendered: true,
    });
    expect(planPage(routes, '/seasons/3')).toEqual({
      module: 'src/app/routes/season.tsx',
      reads: ['/api/bff/seasons/3/calendar'],
      serverRendered: true,
    });
    expect(planPage(routes, '/seasons/3/standings')).toEqual({
      module: 'src/app/routes/standings.tsx',
      reads: ['/api/bff/seasons/3/standings'],
      serverRendered: true,
    });
  });

  it('names modules that exist (the Vite manifest knows them by these paths)', () => {
    for (const url of [
      '/',
      '/seasons/3',
      '/seasons/3/standings',
      `/competitions/${COMPETITION_GUID}`,
      `/competitions/${COMPETITION_GUID}/judges`,
    ]) {
      expect(existsSync(planPage(routes, url)!.module)).toBe(true);
    }
  });

  it('has no plan for other pages, nor for an address that names no competition or season', () => {
    for (const url of [
      '/seasons',
      '/seasons/x',
      '/seasons/0/standings',
      '/events/12',
      '/competitions/12',
      `/competitions/${COMPETITION_GUID}/schedule`,
    ]) {
      expect(planPage(routes, url), url).toBeUndefined();
    }
  });
});
