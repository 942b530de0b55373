// vitest only: a test file with top-level await. vitest awaits the file's module, then runs the
// tests it declared; the embedded runner bundles it as one module body run in an async function.
import { describe, it, expect } from 'vitest';
import { parse } from '../src/shapes';

const ready = await new Promise((resolve) => setTimeout(() => resolve(parse('3x4')), 5));
const order = ['after the first await'];
const shapes = await import('../src/shapes');

describe('top-level await', () => {
  it('the awaited value is ready when the tests run', () => {
    expect(ready.area()).toBe(12);
  });
  it('the whole top level ran before the first test', () => {
    order.push('test');
    expect(order).toEqual(['after the first await', 'after the second await', 'test']);
  });
  it('a dynamic import awaited at the top level', () => {
    expect(shapes.parse('2x5').area()).toBe(10);
  });
  it('fails on purpose', () => {
    expect(ready.area()).toBe(13);
  });
});

order.push('after the second await');
const late = await Promise.resolve(2);
it('a test declared after another await', () => {
  expect(late).toBe(2);
});
