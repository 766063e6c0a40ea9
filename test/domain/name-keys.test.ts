import { describe, expect, it } from 'vitest';
import { initialsOf, slug } from '../../domain/name-keys.js';

describe('slug', () => {
  it('keys a name by its letters and digits, "&" read as "and"', () => {
    expect(slug('Effect - Music')).toBe('effect-music');
    expect(slug('Scholastic A')).toBe('scholastic-a');
    expect(slug('Music & Visual')).toBe('music-and-visual');
    expect(slug('  -Percussion Open- ')).toBe('percussion-open');
  });

  it('gives a name without letters or digits a key all the same', () => {
    expect(slug('---')).toBe('x');
    expect(slug('')).toBe('x');
  });
});

describe('initialsOf', () => {
  it('takes the first letter of each word, between any punctuation', () => {
    expect(initialsOf('General Effect')).toBe('GE');
    expect(initialsOf('Percussion Scholastic Open')).toBe('PSO');
    expect(initialsOf('Drum Corps - World Class')).toBe('DCWC');
    expect(initialsOf('Drumline (Open)')).toBe('DO');
  });

  it('keeps numbers whole and a lone word readable', () => {
    expect(initialsOf('General Effect 1')).toBe('GE1');
    expect(initialsOf('Class 2A')).toBe('C2A');
    expect(initialsOf('Music')).toBe('MUS');
    expect(initialsOf('Movement')).toBe('MOV');
    expect(initialsOf('Cadet')).toBe('CAD');
    expect(initialsOf('2026')).toBe('2026');
  });

  it('is at most ten characters', () => {
    expect(initialsOf('A B C D E F G H I J K L')).toBe('ABCDEFGHIJ');
  });
});
