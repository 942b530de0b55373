// test.each and describe.each in their table and template forms, with title placeholders.
const { parse } = require('../src/shapes');

describe('table rows of arrays', () => {
  test.each([
    [1, 1, 2],
    [2, 3, 5],
    [2, 2, 5],
  ])('add(%i, %i) is %i', (a, b, sum) => {
    expect(a + b).toBe(sum);
  });
});

describe('table of single values', () => {
  test.each(['1x1', '2x3', 'bad'])('parses %s', (spec) => {
    expect(() => parse(spec)).not.toThrow();
  });
});

describe('table rows with an index', () => {
  test.each([[10], [20]])('row %# holds %d', (n) => {
    expect(n % 20).toBe(10);
  });
});

describe('template', () => {
  test.each`
    w    | h    | area
    ${2} | ${3} | ${6}
    ${4} | ${5} | ${20}
    ${1} | ${1} | ${2}
  `('area of $w by $h is $area', ({ w, h, area }) => {
    expect(parse(w + 'x' + h).area()).toBe(area);
  });
});

describe.each([
  [1, 2],
  [3, 4],
])('describe.each with %i and %i', (a, b) => {
  test('sums below 5', () => {
    expect(a + b).toBeLessThan(5);
  });
});

test.skip.each([[1], [2]])('skipped each %i', () => {
  throw new Error('must not run');
});
