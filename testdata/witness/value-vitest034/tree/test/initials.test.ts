import { expect, test } from 'vitest';
import { initials } from '../src/index';

test('two parts', () => {
  expect(initials('ada king')).toBe('AK');
});

test('doubled spaces are skipped', () => {
  expect(initials('grace  hopper')).toBe('GH');
});
