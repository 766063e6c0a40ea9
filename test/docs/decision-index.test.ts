/**
 * The decision records' index (docs/decisions/README.md) is one table with one row per record, in number order:
 * a record without its row is one a newcomer never finds, and a table split by stray header rows (a merge left three)
 * renders as several.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDER = path.resolve('docs/decisions');

describe('the decision index', () => {
  const records = readdirSync(FOLDER)
    .filter((file) => /^\d{3}-.+\.md$/.test(file))
    .sort();
  const index = readFileSync(path.join(FOLDER, 'README.md'), 'utf8');
  const rows = index.split('\n').filter((line) => line.startsWith('|'));

  it('is one table: one header row', () => {
    expect(rows.filter((line) => /^\|\s*No\.\s*\|/.test(line))).toHaveLength(1);
  });

  it('has one row per record, in number order, linking to it', () => {
    const linked = rows.flatMap((line) => /^\|\s*(\d{3})\s*\|.*?\]\((\d{3}-[^)]+\.md)\)/.exec(line)?.slice(1, 3) ?? []);
    const files = linked.filter((_, i) => i % 2 === 1);
    expect(records.length).toBeGreaterThan(0);
    expect(files).toEqual(records);
    // the number in the first column is the record's own
    for (let i = 0; i < linked.length; i += 2) expect(linked[i + 1]!.startsWith(linked[i]!)).toBe(true);
  });
});
