import { expect, test } from 'vitest';
import { clamp } from '../src/calc.js';

test('clamps', () => {
  expect(clamp(5, 0, 3)).toMatchInlineSnapshot(`3`);
  expect([clamp(-1, 0, 3), clamp(1, 0, 3)]).toMatchInlineSnapshot();
});
