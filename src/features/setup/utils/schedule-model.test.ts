import { describe, expect, it } from 'vitest';
import { localInputValue } from '../../../lib/dates';
import type { ScheduleDraft } from '../api/get-schedule-draft';
import { addBlock, changeBlock, formFromDraft, moveRow, previewOf, removeBlock, requestOf } from './schedule-model';

const performance = (id: number, name: string, divisionId: number, order: number) => ({
  kind: 'performance' as const,
  performanceId: id,
  group: { id: id * 10, name },
  division: { id: divisionId, name: divisionId === 1 ? 'Scholastic A' : 'Scholastic Open' },
  round: { number: 1, name: 'Prelims' },
  order,
  startsAt: '2027-03-06T15:00:00.000Z',
  endsAt: '2027-03-06T15:10:00.000Z',
  published: null,
  moved: false,
});

const draft: ScheduleDraft = {
  competition: { id: 1, guid: 'g', name: 'Spring Classic' },
  saved: null,
  startsAt: '2027-03-06T15:00:00.000Z',
  endsAt: null,
  gapMinutes: 30,
  intervals: [
    { divisionId: 1, divisionName: 'Scholastic A', minutes: 10 },
    { divisionId: 2, divisionName: 'Scholastic Open', minutes: 12 },
  ],
  items: [performance(1, 'Alpha HS', 1, 1), performance(2, 'Bravo HS', 1, 2), performance(3, 'Charlie HS', 2, 1)],
  conflicts: [],
  published: null,
  moved: [],
};

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);

describe('the schedule form', () => {
  it('previews the times the API computes, a block put in between', () => {
    const form = addBlock(formFromDraft(draft), 2, 'break');
    const preview = previewOf(form);
    expect(preview.ok && preview.items.map((item) => clock(item.startsAt))).toEqual([
      '15:00',
      '15:10',
      '15:20',
      '15:35',
    ]);
    expect(requestOf(form).items[2]).toEqual({ block: { kind: 'break', title: 'Break', minutes: 15 } });
  });

  it('moves a performance past another division, never past its own division and round', () => {
    const form = formFromDraft(draft);
    const moved = moveRow(form, 2, -1);
    expect('form' in moved && moved.form.rows.map((row) => row.kind === 'performance' && row.groupName)).toEqual([
      'Alpha HS',
      'Charlie HS',
      'Bravo HS',
    ]);
    const refused = moveRow(form, 0, 1);
    expect('refusal' in refused && refused.refusal).toContain('keep their running order');
    expect('refusal' in moveRow(form, 0, -1)).toBe(true);
  });

  it('names the field of an interval of 0 and a block without a title, as the API does', () => {
    let form = addBlock(formFromDraft(draft), 0, 'other');
    form = { ...form, intervals: [{ ...form.intervals[0], minutes: '0' }, form.intervals[1]] };
    const preview = previewOf(form);
    expect(preview.ok ? [] : [...preview.problems.keys()]).toEqual(['intervals.0.minutes', 'items.0.block.title']);
    const titled = changeBlock(form, 0, { title: 'Anthem' });
    expect(previewOf(removeBlock(titled, 0)).ok).toBe(false);
    expect(removeBlock(titled, 0).rows).toHaveLength(3);
  });

  it('names an end before the start', () => {
    const form = { ...formFromDraft(draft), endsAt: '2027-03-06T08:00' };
    const preview = previewOf({ ...form, startsAt: '2027-03-06T09:00' });
    expect(preview.ok ? [] : [...preview.problems.keys()]).toEqual(['endsAt']);
  });

  it("lists the templates' conflicts as the API does: a step past the venue's end, with the form's end time", () => {
    // Charlie (Scholastic Open) performs 15:20-15:32; a critique 20 minutes after it starts, 10 long, ends at 15:50
    const templates = new Map([
      [2, [{ kind: 'critique' as const, label: '', offsetMinutes: 20, minutes: 10, location: '' }]],
    ]);
    // the form's fields hold the viewer's local time, as formFromDraft writes them
    const form = { ...formFromDraft(draft), endsAt: localInputValue('2027-03-06T15:45:00.000Z') };
    const preview = previewOf(form, templates);
    expect(preview.ok && preview.conflicts).toEqual([
      {
        kind: 'step-past-end',
        items: [2],
        message: "Charlie HS's Critique ends 5 minutes after the venue's end time.",
      },
    ]);
    expect(previewOf(form).ok && previewOf(form)).toMatchObject({ conflicts: [] });
  });
});
