/**
 * The decision records and their index (docs/decisions/README.md). The index is one table with one row per record,
 * in number order: a record without its row is one a newcomer never finds, and a table split by stray header rows (a
 * merge left three) renders as several. Each row repeats its record's title, date and status, and a status names the
 * records that changed it, each of which says so: a status nobody checks goes stale (021 said "accepted" for two days
 * after 045 replaced half of it). Numbers go on without gaps from 109; the gaps before are listed once in the index.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDER = path.resolve('docs/decisions');
/** the first number that must follow its predecessor without a gap */
const NO_GAPS_FROM = 109;

interface DecisionRecord {
  number: string;
  file: string;
  title: string | undefined;
  date: string | undefined;
  status: string | undefined;
  /** the lines between the status and the first section: where a record says what it supersedes or amends */
  head: string;
}

const NUMBER = String.raw`\d{3}`;
const NUMBER_LIST = String.raw`${NUMBER}(?:(?:, | and )${NUMBER})*`;
const STATUS_GRAMMAR = new RegExp(
  String.raw`^(?:superseded by ${NUMBER}|accepted(?:, (?:amended|superseded in part|carried out) by ${NUMBER_LIST})*)$`,
);
/** how an earlier record's status names a later one, by what the later one says it does */
const NAMED_AS = {
  'Supersedes in part': 'superseded in part by',
  Supersedes: 'superseded by',
  Amends: 'amended by',
  'Carries out': 'carried out by',
} as const;
type Relation = keyof typeof NAMED_AS;

function readRecord(file: string): DecisionRecord {
  const lines = readFileSync(path.join(FOLDER, file), 'utf8').split('\n');
  const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
  const statusAt = lines.findIndex((line) => line.startsWith('Status: '));
  const bodyAt = lines.findIndex((line) => line.startsWith('## '));
  return {
    number: file.slice(0, 3),
    file,
    title: /^# (\d{3}): (.+)$/.exec(lines[0] ?? '')?.[1] === file.slice(0, 3) ? lines[0].slice(7) : undefined,
    date: field('Date'),
    status: field('Status'),
    head: statusAt >= 0 && bodyAt > statusAt ? lines.slice(statusAt + 1, bodyAt).join(' ') : '',
  };
}

/** "Supersedes in part 021 (...) and 025 (...)." -> [['Supersedes in part', '021'], ['Supersedes in part', '025']] */
function relationsIn(head: string): [Relation, string][] {
  const found: [Relation, string][] = [];
  for (const match of head.matchAll(
    /\b(Supersedes in part|Supersedes|Amends|Carries out)\b\s+([^;.]*(?:\([^)]*\))*)/gi,
  )) {
    const relation = (Object.keys(NAMED_AS) as Relation[]).find(
      (name) => name.toLowerCase() === match[1].toLowerCase(),
    )!;
    const numbers = match[2].replace(/\([^)]*\)/g, '').match(/\b\d{3}\b/g) ?? [];
    for (const number of numbers) found.push([relation, number]);
  }
  return found;
}

/** "accepted, superseded in part by 045, amended by 086" -> [['superseded in part by', '045'], ['amended by', '086']] */
function namedIn(status: string): [string, string][] {
  const found: [string, string][] = [];
  for (const match of status.matchAll(
    new RegExp(`(superseded in part by|superseded by|amended by|carried out by) (${NUMBER_LIST})`, 'g'),
  )) {
    for (const number of match[2].match(/\d{3}/g) ?? []) found.push([match[1], number]);
  }
  return found;
}

const files = readdirSync(FOLDER)
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .sort();
const records = files.map(readRecord);
const byNumber = new Map(records.map((record) => [record.number, record]));
const index = readFileSync(path.join(FOLDER, 'README.md'), 'utf8');
const rows = index.split('\n').filter((line) => line.startsWith('|'));
const recordRows = rows.flatMap((line) => {
  const cells = /^\|\s*(\d{3})\s*\|\s*\[(.+)\]\((\d{3}-[^)]+\.md)\)\s*\|\s*(\S+)\s*\|\s*(.+?)\s*\|$/.exec(line);
  return cells ? [{ number: cells[1], title: cells[2], file: cells[3], date: cells[4], status: cells[5] }] : [];
});

describe('the decision index', () => {
  it('is one table: one header row', () => {
    expect(rows.filter((line) => /^\|\s*No\.\s*\|/.test(line))).toHaveLength(1);
  });

  it('has one row per record, in number order, linking to it', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(recordRows.map((row) => row.file)).toEqual(files);
    for (const row of recordRows) expect(row.file.startsWith(row.number), row.file).toBe(true);
  });

  it("repeats each record's title, date and status", () => {
    for (const row of recordRows) {
      const record = byNumber.get(row.number)!;
      expect(record.title, `${record.file}: first line "# ${row.number}: title"`).toBeDefined();
      expect(record.date, `${record.file}: Date`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.title, record.file).toBe(record.title);
      expect(row.date, record.file).toBe(record.date);
      // the index links the records it names; the record itself names them by number
      const linked = row.status.replace(/\[(\d{3})\]\((\d{3})-[^)]+\.md\)/g, (_, shown: string, target: string) =>
        shown === target && byNumber.has(target) ? shown : `[broken link to ${target}]`,
      );
      expect(linked, `${record.file}: the index's status`).toBe(record.status);
    }
  });
});

describe('the decision records', () => {
  it('each say a status of the few the index explains', () => {
    for (const record of records) expect(record.status, `${record.file}: Status`).toMatch(STATUS_GRAMMAR);
  });

  it('name, in their status, every later record that supersedes, amends or carries them out, and each says so', () => {
    for (const record of records) {
      for (const [named, later] of namedIn(record.status ?? '')) {
        const successor = byNumber.get(later);
        expect(successor, `${record.file}: ${named} ${later}, which does not exist`).toBeDefined();
        expect(Number(later), `${record.file}: ${named} ${later}, an earlier record`).toBeGreaterThan(
          Number(record.number),
        );
        const says = relationsIn(successor!.head).some(
          ([relation, earlier]) => earlier === record.number && NAMED_AS[relation] === named,
        );
        expect(says, `${successor!.file} should say what it does to ${record.number} ("${named}" in its status)`).toBe(
          true,
        );
      }
      for (const [relation, earlier] of relationsIn(record.head)) {
        const predecessor = byNumber.get(earlier);
        expect(predecessor, `${record.file}: ${relation} ${earlier}, which does not exist`).toBeDefined();
        const named = namedIn(predecessor!.status ?? '').some(
          ([name, later]) => later === record.number && name === NAMED_AS[relation],
        );
        expect(named, `${predecessor!.file}'s status should say "${NAMED_AS[relation]} ${record.number}"`).toBe(true);
      }
    }
  });

  it(`take numbers without gaps from ${NO_GAPS_FROM} on, and the index lists the gaps before`, () => {
    const numbers = records.map((record) => Number(record.number));
    for (const number of numbers.filter((n) => n >= NO_GAPS_FROM)) {
      expect(numbers, `${number} follows a gap`).toContain(number - 1);
    }
    const unused = [];
    for (let n = 1; n < Math.min(NO_GAPS_FROM, Math.max(...numbers)); n++) if (!numbers.includes(n)) unused.push(n);
    const listed = /\*\*Unused numbers\.\*\* ([^(]+)\(/.exec(index)?.[1] ?? '';
    const expanded = [...listed.matchAll(/(\d{3})(?:-(\d{3}))?/g)].flatMap(([, from, to]) => {
      const span = [];
      for (let n = Number(from); n <= Number(to ?? from); n++) span.push(n);
      return span;
    });
    expect(expanded).toEqual(unused);
  });
});
