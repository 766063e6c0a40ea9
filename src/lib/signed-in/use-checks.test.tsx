import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useChecks } from './use-checks';

describe("a form's own checks", () => {
  it('show nothing before a submit, then follow what is typed: an error goes once its field is right', () => {
    let name = '';
    let day = '';
    const { result, rerender } = renderHook(() =>
      useChecks(() => ({
        ...(name === '' ? { name: 'Give a name.' } : {}),
        ...(day === '' ? { day: 'Give a day.' } : {}),
      })),
    );
    expect(result.current.errors.size).toBe(0);
    let passed = true;
    act(() => {
      passed = result.current.passes();
    });
    expect(passed).toBe(false);
    expect([...result.current.errors]).toEqual([
      ['name', 'Give a name.'],
      ['day', 'Give a day.'],
    ]);
    name = 'Spring Classic';
    rerender();
    expect([...result.current.errors]).toEqual([['day', 'Give a day.']]);
    day = '2027-03-06';
    rerender();
    expect(result.current.errors.size).toBe(0);
    name = '';
    rerender();
    expect(result.current.errors.get('name')).toBe('Give a name.');
    name = 'Again';
    act(() => {
      passed = result.current.passes();
    });
    expect(passed).toBe(true);
    act(() => result.current.reset());
    name = '';
    rerender();
    expect(result.current.errors.size).toBe(0);
  });

  it('takes a map of findings as well as a record', () => {
    const { result } = renderHook(() => useChecks(() => new Map([['sheet.categories.0.name', 'Name it.']])));
    act(() => void result.current.passes());
    expect(result.current.errors.get('sheet.categories.0.name')).toBe('Name it.');
  });
});
