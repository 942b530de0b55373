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
