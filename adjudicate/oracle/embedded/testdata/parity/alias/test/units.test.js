import { describe, it, expect } from 'vitest';
import { toCm } from '@lib/units.js';

describe('units', () => {
  it('converts millimetres to centimetres', () => {
    expect(toCm(15)).toBe(1.5);
  });
});
