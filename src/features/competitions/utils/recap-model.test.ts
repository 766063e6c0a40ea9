import { describe, expect, it } from 'vitest';
import { threeGroupSection } from '../../../test/factories';
import { buildRecapTable, parseView, recapColumns } from './recap-model';

const names = (table: ReturnType<typeof buildRecapTable>) => table.rows.map((row) => row.performance.group.name);

describe('recap columns', () => {
  it('summary shows rank, group and total', () => {
    expect(recapColumns(threeGroupSection(), 'summary').columns.map((c) => c.id)).toEqual(['rank', 'group', 'total']);
  });

  it('categories view adds each category, subtotal and penalties', () => {
    expect(recapColumns(threeGroupSection(), 'categories').columns.map((c) => c.id)).toEqual([
      'rank',
      'group',
      'cat:ge',
      'cat:ea',
      'subtotal',
      'penalty',
      'total',
    ]);
  });

  it('full view lays out category -> caption with judge -> subcaption headers like the published recap', () => {
    const { columns, headerRows } = recapColumns(threeGroupSection(), 'full');
    expect(columns.map((c) => c.id)).toEqual([
      'rank',
      'group',
      'sub:ge1:rep',
      'sub:ge1:perf',
      'cap:ge1',
      'sub:ea-1:voc',
      'cap:ea-1',
      'sub:ea-2:voc',
      'cap:ea-2',
      'cat:ea',
      'subtotal',
      'penalty',
      'total',
    ]);
    expect(headerRows[0].map((cell) => [cell.label, cell.colSpan])).toEqual([
      ['Rank', 1],
      ['Group', 1],
      ['General Effect', 3],
      ['Equipment Analysis', 5],
      ['Sub Total', 1],
      ['Pen', 1],
      ['Total', 1],
    ]);
    expect(headerRows[1].map((cell) => [cell.label, cell.judge ?? null, cell.colSpan])).toEqual([
      ['General Effect', 'Jane Howell', 3],
      ['Equipment Analysis', 'Ann Lee', 2],
      ['Equipment Analysis', 'Bo Kim', 2],
      ['Equipment Analysis total', null, 1],
    ]);
    expect(headerRows[2].map((cell) => cell.label)).toEqual(['Rep', 'Perf', 'Tot', 'Voc', 'Tot', 'Voc', 'Tot']);
    const leafCount = headerRows.flat().filter((cell) => cell.columnId).length;
    expect(leafCount).toBe(columns.length);
  });

  it('reads the unknown view as summary', () => {
    expect(parseView('full')).toBe('full');
    expect(parseView('nonsense')).toBe('summary');
    expect(parseView(null)).toBe('summary');
  });
});

describe('recap rows', () => {
  it('keep the official order by default, the group that did not perform last', () => {
    expect(names(buildRecapTable(threeGroupSection(), 'summary'))).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('sort by a caption, highest first, with did-not-perform still last', () => {
    const table = buildRecapTable(threeGroupSection(), 'full', { columnId: 'cap:ea-2' });
    expect(names(table)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(names(buildRecapTable(threeGroupSection(), 'full', { columnId: 'cap:ea-2', direction: 'asc' }))).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
  });

  it('sort by group name both ways', () => {
    expect(names(buildRecapTable(threeGroupSection(), 'summary', { columnId: 'group', direction: 'desc' }))).toEqual([
      'Bravo',
      'Alpha',
      'Charlie',
    ]);
  });

  it('fall back to rank for a column the view does not have', () => {
    expect(names(buildRecapTable(threeGroupSection(), 'summary', { columnId: 'cap:ea-2' }))).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
    ]);
  });

  it('carry every number with its rank, and nothing for a group that did not perform', () => {
    const table = buildRecapTable(threeGroupSection(), 'categories');
    const bravo = table.rows[1];
    expect(bravo.cells.slice(2)).toEqual([
      { score: 28, rank: 2 },
      { score: 17.25, rank: 2 },
      { score: 45.25, rank: 2 },
      { score: 0, rank: null },
      { score: 45.25, rank: 2 },
    ]);
    expect(table.rows[2].cells.slice(4)).toEqual([null, null, null]);
  });
});
