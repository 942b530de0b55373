// The jest-style benchmark suite, part 1 of 4: strings (about 100 tests in all).
const { slug, capitalize } = require('./lib');

describe('slug', () => {
  test.each([
    ['Hello World', 'hello-world'],
    ['  trim me  ', 'trim-me'],
    ['a--b', 'a-b'],
    ['Ünïcode', 'n-code'],
    ['123 go', '123-go'],
    ['--x--', 'x'],
    ['', ''],
    ['MiXeD CaSe', 'mixed-case'],
    ['dots.and_underscores', 'dots-and-underscores'],
    ['tabs\tand\nlines', 'tabs-and-lines'],
  ])('slug(%j) is %j', (input, want) => {
    expect(slug(input)).toBe(want);
  });
});

describe('capitalize', () => {
  test.each(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa'])('capitalizes %s', (w) => {
    expect(capitalize(w)).toMatch(/^[A-Z]/);
    expect(capitalize(w).slice(1)).toBe(w.slice(1));
  });
  test('leaves an empty string', () => expect(capitalize('')).toBe(''));
  test('keeps a capital', () => expect(capitalize('Zed')).toBe('Zed'));
  test('one letter', () => expect(capitalize('q')).toEqual('Q'));
});
