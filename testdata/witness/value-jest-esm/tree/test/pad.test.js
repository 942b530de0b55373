import * as lib from '../src/index.js';

describe('pad', () => {
  test('pads to the width', () => {
    expect(lib.pad(7, 3)).toBe('007');
    expect(lib.pad(0, 2)).toBe('00');
    expect(lib.pad(-42, 4)).toBe('-0042');
    expect(() => lib.pad(1.5, 2)).toThrow(TypeError);
  });

  test('the project setup file ran', () => {
    expect(globalThis.projectSetupRan).toBe(true);
  });
});
