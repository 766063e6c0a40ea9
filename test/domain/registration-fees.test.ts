import { describe, expect, it } from 'vitest';
import { feeCentsOf, feeText } from '../../domain/registration/fees.js';

describe('registration fees', () => {
  it('shows cents as dollars, none as free', () => {
    expect(feeText(15000)).toBe('$150.00');
    expect(feeText(120050)).toBe('$1,200.50');
    expect(feeText(5)).toBe('$0.05');
    expect(feeText(0)).toBe('Free');
  });

  it('reads what a circuit types, and nothing else', () => {
    expect(feeCentsOf('150')).toBe(15000);
    expect(feeCentsOf(' $1,200.5 ')).toBe(120050);
    expect(feeCentsOf('0')).toBe(0);
    expect(feeCentsOf('19.99')).toBe(1999);
    for (const bad of ['', 'abc', '-5', '1.234', '10e3']) expect(feeCentsOf(bad), bad).toBeUndefined();
  });
});
