import { describe, it, expect } from 'vitest';
import { toCm } from '@lib/units.js';
import { label } from 'format';

describe('units', () => {
  it('converts millimetres to centimetres', () => {
    expect(toCm(15)).toBe(1.5);
  });
  it('labels a length', () => {
    expect(label(25)).toBe('2.5 cm');
  });
});
