// vitest only: the API imported from 'vitest'.
import { describe, it, expect, vi, beforeEach } from 'vitest';
import { parse } from '../src/shapes';

describe('imported API', () => {
  let n = 0;
  beforeEach(() => { n++; });
  it('uses the imports', () => {
    expect(n).toBe(1);
    const f = vi.fn();
    f(parse('2x2').area());
    expect(f).toHaveBeenCalledWith(4);
  });
  it('fails through the imports', () => {
    expect(parse('2x2')).toEqual({ w: 2, h: 3 });
  });
});

import { test } from 'vitest';

describe('vitest extras', () => {
  test.fails('test.fails passes when the body fails', () => expect(1).toBe(2));
  test.fails('test.fails fails when the body passes', () => expect(1).toBe(1));
  test('toHaveBeenCalledOnce', () => {
    const f = vi.fn();
    f();
    expect(f).toHaveBeenCalledOnce();
  });
  test('toHaveBeenCalledOnce fails on two calls', () => {
    const f = vi.fn();
    f();
    f();
    expect(f).toHaveBeenCalledOnce();
  });
  test('toSatisfy', () => expect(4).toSatisfy((n) => n % 2 === 0));
  test('toSatisfy fails', () => expect(3).toSatisfy((n) => n % 2 === 0));
  test('toBeTypeOf', () => expect('s').toBeTypeOf('string'));
  test('toBeTypeOf fails', () => expect(1).toBeTypeOf('string'));
  test('the context expect', ({ expect: e }) => e(1).toBe(1));
  test('skip from the context', (ctx) => {
    ctx.skip();
    throw new Error('must not run');
  });
});
