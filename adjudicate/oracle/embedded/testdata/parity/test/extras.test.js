// expect.extend, describe.each in its template form, title placeholders (%p, %o, %s of an
// object, $path of an object row), it.each, and a thrown non-Error.
expect.extend({
  toBeEven(received) {
    const pass = received % 2 === 0;
    return { pass, message: () => 'expected ' + received + (pass ? ' not' : '') + ' to be even' };
  },
});

describe('custom matchers', () => {
  test('toBeEven passes', () => expect(4).toBeEven());
  test('toBeEven fails', () => expect(3).toBeEven());
  test('not.toBeEven passes', () => expect(3).not.toBeEven());
  test('not.toBeEven fails', () => expect(2).not.toBeEven());
  test('inside asymmetric equality', () => expect({ n: 2 }).toEqual({ n: expect.any(Number) }));
});

describe.each`
  a    | b    | sum
  ${1} | ${2} | ${3}
  ${2} | ${2} | ${5}
`('sum of $a and $b', ({ a, b, sum }) => {
  test('is as listed', () => expect(a + b).toBe(sum));
});

describe('placeholders', () => {
  it.each([[true], [false]])('%p is a boolean', (b) => expect(typeof b).toBe('boolean'));
  it.each([{ user: { name: 'ann' }, ok: true }, { user: { name: 'bob' }, ok: false }])('user $user.name', ({ ok }) => {
    expect(ok).toBe(true);
  });
  it.each([[1, 'one'], [2, 'two']])('%d is spelled %s', (n, word) => expect(word.length).toBe(3));
});

test('a thrown string fails the test', () => {
  throw 'not an error'; // eslint-disable-line no-throw-literal
});

test('a thrown object with a message', () => {
  throw { message: 'plain object' }; // eslint-disable-line no-throw-literal
});
