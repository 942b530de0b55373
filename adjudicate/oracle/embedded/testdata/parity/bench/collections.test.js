// The jest-style benchmark suite, part 3 of 4: collections (about 100 tests in all).
const { chunk, groupBy, uniq } = require('./lib');

describe('chunk', () => {
  test.each([
    [[1, 2, 3, 4], 2, [[1, 2], [3, 4]]],
    [[1, 2, 3], 2, [[1, 2], [3]]],
    [[], 3, []],
    [[1], 5, [[1]]],
    [[1, 2, 3, 4, 5, 6], 3, [[1, 2, 3], [4, 5, 6]]],
  ])('chunk(%j, %i)', (arr, n, want) => {
    expect(chunk(arr, n)).toEqual(want);
  });
  test('chunks keep order', () => expect(chunk([...'abcdef'], 4).flat()).toEqual([...'abcdef']));
});

describe('groupBy', () => {
  const people = [{ n: 'a', age: 30 }, { n: 'b', age: 40 }, { n: 'c', age: 30 }];
  test('groups by a key', () => {
    expect(groupBy(people, (p) => p.age)).toEqual({ 30: [people[0], people[2]], 40: [people[1]] });
  });
  test('keys are strings', () => expect(Object.keys(groupBy(people, (p) => p.age))).toEqual(['30', '40']));
  test('empty input', () => expect(groupBy([], (x) => x)).toStrictEqual({}));
  test('matchObject on a group', () => expect(groupBy(people, (p) => p.n)).toMatchObject({ a: [{ age: 30 }] }));
  test('group sizes', () => {
    const g = groupBy(people, (p) => p.age);
    expect(g[30]).toHaveLength(2);
    expect(g).toHaveProperty('40.0.n', 'b');
  });
});

describe('uniq', () => {
  test.each([
    [[1, 1, 2], [1, 2]],
    [['a', 'b', 'a'], ['a', 'b']],
    [[], []],
    [[NaN, NaN], [NaN]],
    [[0, -0], [0]],
  ])('uniq(%j)', (input, want) => expect(uniq(input)).toEqual(want));
  test('contains', () => expect(uniq([3, 2, 3])).toContain(2));
  test('arrayContaining', () => expect(uniq([5, 4, 5])).toEqual(expect.arrayContaining([4, 5])));
});
