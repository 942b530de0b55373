import { test, expect } from 'vitest';
import settings from 'settings';
import { clamp } from '../src/calc.js';

test('reads the settings', () => {
  console.log('settings', JSON.stringify(settings));
  expect(settings).toBeDefined();
});
test('below the range gives lo', () => expect(clamp(-3, 0, 10)).toBe(0));
test('above the range gives hi', () => expect(clamp(13, 0, 10)).toBe(10));
test('the edges are inside', () => {
  expect(clamp(0, 0, 10)).toBe(0);
  expect(clamp(10, 0, 10)).toBe(10);
});
