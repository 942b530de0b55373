import { expect, test } from 'vitest';
import { describe } from '../src/hinted.js';

test('a number is a number', () => {
  expect(describe(1)).toBe('number');
});
