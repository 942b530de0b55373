import { describe, expect, test } from 'vitest';
import { pad } from '../src/index';

describe('pad', () => {
  test('pads to the width', () => {
    expect(pad(7, 3)).toBe('007');
    expect(pad(0, 2)).toBe('00');
    expect(pad(-42, 4)).toBe('-0042');
    expect(() => pad(1.5, 2)).toThrow(TypeError);
  });

  test('the project setup file ran once', () => {
    expect((globalThis as { projectSetupRuns?: number }).projectSetupRuns).toBe(1);
  });
});
