import { describe, expect, test, vi } from 'vitest';
import * as lib from '../src/index';
import { drain } from '../src/index';

describe('drain', () => {
  test('takes items off the front', () => {
    const q = ['a', 'b', 'c'];
    drain(q, 2); // what drain returns is not looked at
    expect(q).toEqual(['c']);
  });

  test('the module keeps its exports, and no mock', () => {
    expect(Object.keys(lib).sort()).toEqual(['drain', 'pad']);
    expect(lib.drain).toBe(lib.drain);
    expect(vi.isMockFunction(lib.drain)).toBe(false);
    const spy = vi.fn(lib.pad);
    expect(vi.isMockFunction(spy)).toBe(true);
    expect(spy(3, 2)).toBe('03');
    expect(spy).toHaveBeenCalledWith(3, 2);
  });

  test('a spy on an export is the test\'s own', () => {
    const spy = vi.spyOn(lib, 'pad');
    expect(lib.pad).toBe(spy);
    expect(vi.isMockFunction(lib.pad)).toBe(true);
    expect(lib.pad(4, 2)).toBe('04');
    expect(spy).toHaveBeenCalledWith(4, 2);
    spy.mockRestore();
    expect(vi.isMockFunction(lib.pad)).toBe(false);
  });

  test('the project setup file ran once', () => {
    expect((globalThis as { projectSetupRuns?: number }).projectSetupRuns).toBe(1);
  });
});
