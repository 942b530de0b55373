// .each and modifier corners: placeholders of several kinds, rows that are arrays of arrays,
// skip and todo mixed with each, a skipped suite holding a focused-looking name.
describe('placeholders', () => {
  test.each([[{ a: 1 }, [1, 2]]])('object %j and array %j', (o, a) => expect(o.a + a.length).toBe(3));
  test.each([['str', 5]])('%s has %d', (s, n) => expect(s.length).toBe(n));
  test.each([[1.5]])('float %f', (f) => expect(f).toBeGreaterThan(1));
  test.each([[-0]])('negative zero %s', (z) => expect(Object.is(z, -0)).toBe(true));
  test.each([[[1, 2]]])('an array row holding an array %j', (arr) => expect(arr).toEqual([1, 2]));
  test.each([['a'], ['b']])('index %# of %s', (x) => expect(x).toMatch(/[ab]/));
  test.each([[1, 2, 3]])('fewer placeholders %i', (a, b, c) => expect(a + b).toBe(c));
  test.each([[null], [undefined]])('nullish %s', (v) => expect(v).toBeFalsy());
  test.each([{ name: 'x', n: 2 }])('object row $name $n', ({ n }) => expect(n).toBe(2));
});

describe('modifiers', () => {
  test.skip.each([[1]])('skipped each %i', () => { throw new Error('must not run'); });
  test.todo('a todo between tests');
  test('a plain test after', () => {});
  describe.skip('skipped', () => {
    test('inside a skipped describe', () => { throw new Error('must not run'); });
  });
  describe.each([['one'], ['two']])('describe.each %s', (name) => {
    test('sees its row', () => expect(['one', 'two']).toContain(name));
    test.skip('skipped in each', () => {});
  });
});
