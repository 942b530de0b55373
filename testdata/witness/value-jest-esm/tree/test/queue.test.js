import { jest } from '@jest/globals';
import * as lib from '../src/index.js';
import describePackage, { drain } from '../src/index.js';

describe('drain', () => {
  test('takes items off the front', () => {
    const q = ['a', 'b', 'c'];
    drain(q, 2); // what drain returns is not looked at
    expect(q).toEqual(['c']);
  });

  test('the module is the same module, with every export, and no mock', async () => {
    expect(await import('../src/index.js')).toBe(lib);
    expect(Object.keys(lib)).toEqual(['default', 'drain', 'pad']);
    expect(lib.drain).toBe(drain);
    expect(jest.isMockFunction(lib.drain)).toBe(false);
    expect(describePackage()).toBe('a queue and a pad');
    expect(lib.pad(3, 2)).toBe('03');
  });

  test('the project setup file ran', () => {
    expect(globalThis.projectSetupRan).toBe(true);
  });
});
