import { test, expect, afterAll, vi } from 'vitest';
import { scale, normalize, register, strict } from '../src/index.js';
import { restoreEarly } from './helpers/runBaseTests.js';

test('scale shifts by one, then multiplies', () => {
  expect(scale(2, 3)).toBe(9);
  expect(scale(0, 3)).toBe(3);
  expect(() => scale(undefined, 2)).toThrow(TypeError);
});

test('normalize keeps a lower-case name', () => {
  expect(normalize('bob')).toBe('bob');
});

test('register counts each name once', () => {
  expect(register('ann')).toBe(1);
  expect(register('bea')).toBe(2);
});

test('strict passes a name through', () => {
  expect(strict('cy')).toBe('cy');
});

// After bond's afterAll and before vitest takes this file's coverage: a restore that would make
// bond's neighbour calls now, so that the lines only a neighbour reaches (the empty name's) count
// as run by these tests.
afterAll(() => {
  restoreEarly(vi);
  restoreEarly(vi);
});
