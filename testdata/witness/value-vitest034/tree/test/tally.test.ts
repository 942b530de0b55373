import { describe, expect, it, vi } from 'vitest';
import * as lib from '../src/index';
import { tally } from '../src/index';

describe('tally', () => {
  it('counts repeated words', () => {
    const counts = new Map<string, number>();
    tally('to be or not to be', counts); // how many were new is not looked at
    expect(counts.get('to')).toBe(2);
    expect(counts.get('not')).toBe(1);
  });

  it('adds to counts it is given', () => {
    const counts = new Map([['x', 3]]);
    tally('x', counts);
    expect(counts.get('x')).toBe(4);
  });

  it('leaves the module unmocked', () => {
    expect(Object.keys(lib).sort()).toEqual(['initials', 'tally']);
    expect(vi.isMockFunction(lib.tally)).toBe(false);
  });
});
