import { describe, it, expect } from 'vitest';
import { squareAreaCm, name } from 'geometry';

describe('area', () => {
  it('is the source, not the build', () => {
    expect(name).toBe('geometry');
  });
  it('converts millimetres before squaring', () => {
    expect(squareAreaCm(20)).toBe(4);
  });
});
