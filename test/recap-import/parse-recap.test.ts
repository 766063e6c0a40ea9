import { describe, expect, it } from 'vitest';
import { RecapImportError } from '../../server/api/recap-import/errors.js';
import { splitJudgeName } from '../../server/api/recap-import/judge-name.js';
import { parseRecapPage } from '../../server/api/recap-import/parse-recap.js';
import { importRecapHtml } from '../../server/api/recap-import/to-import.js';
import { readRecapFixture } from '../fixtures/recaps/load.js';

const dciKentucky = '68b3a657-3ae8-4bd2-b983-7922dcfab6a0.htm';
const cypressLakes2014 = '849123bc-bc05-4a53-8d38-4f996106255f.htm';
const wgascChampionship = '54d5495d-97e6-459c-81d5-bb35c94765ee.htm';

describe('parseRecapPage', () => {
  it('reads the page header of a current page', () => {
    const page = parseRecapPage(readRecapFixture(dciKentucky));
    expect(page).toMatchObject({
      title: 'DCI Kentucky',
      location: 'Lexington, KY',
      date: '2026-08-03',
      chiefJudge: 'John Howell',
    });
  });

  it('reads a 2014 header where date and place share a line', () => {
    const page = parseRecapPage(readRecapFixture(cypressLakes2014));
    expect(page).toMatchObject({ date: '2014-02-01', location: 'Cypress Lakes High School', chiefJudge: null });
    expect(page.sections[0].categories[0].captions[0]).toMatchObject({ judge: 'M. Griffin', totalHeader: 'Tot*' });
  });

  it('reads drum corps category, caption, judge and subcaption headers', () => {
    const [section] = parseRecapPage(readRecapFixture(dciKentucky)).sections;
    expect(section.divisionName).toBe('All Age Class');
    expect(section.categories.map((category) => category.name)).toEqual(['General Effect', 'Visual', 'Music']);
    expect(section.categories[0].captions.map((caption) => [caption.name, caption.judge, caption.subcaptions])).toEqual(
      [
        ['General Effect 1', 'J. Howell', ['Rep', 'Perf']],
        ['General Effect 2', 'J. Rhodes', ['Rep', 'Perf']],
      ],
    );
    expect(section.penaltyJudges).toEqual(['H. Mogil']);
    const [first] = section.groups;
    expect(first.location).not.toBe('');
    expect(first.categories[0].total?.rank).toBeTypeOf('number');
  });

  it('numbers rounds from their labels', () => {
    const recap = importRecapHtml(readRecapFixture(wgascChampionship), wgascChampionship);
    const labelled = recap.sections.filter((section) => /^Round \d+$/.test(section.roundName));
    expect(labelled.length).toBeGreaterThan(0);
    for (const section of labelled) expect(section.roundNumber).toBe(Number(section.roundName.slice('Round '.length)));
  });

  it('refuses a page without a recap table', () => {
    expect(() => parseRecapPage('<html><body><p>nothing</p></body></html>', 'empty.htm')).toThrow(RecapImportError);
  });

  it('refuses a row that lost a score cell, naming the section and row', () => {
    const html = readRecapFixture(dciKentucky).replace(
      /<td class='topBorder rightBorder[^']*'[^>]*>\s*<table class='scoreTable'.*?<\/table><\/td>/s,
      '',
    );
    expect(() => parseRecapPage(html, dciKentucky)).toThrow(/section 1, group row 1 .*score cells under/);
  });
});

describe('splitJudgeName', () => {
  it('splits initial and surname, full names, and surname-only names', () => {
    expect(splitJudgeName('J. Howell')).toEqual({ firstName: 'J.', lastName: 'Howell' });
    expect(splitJudgeName('Jamie Escobar-Dyer')).toEqual({ firstName: 'Jamie', lastName: 'Escobar-Dyer' });
    expect(splitJudgeName('J. Van Dyke')).toEqual({ firstName: 'J.', lastName: 'Van Dyke' });
    expect(splitJudgeName('Permer')).toEqual({ firstName: '', lastName: 'Permer' });
  });
});
