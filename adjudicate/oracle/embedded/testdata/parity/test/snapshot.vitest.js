// vitest's inline snapshots: the literal is the snapshot, so comparing writes nothing. Each
// kind of value the serializer prints has a matching snapshot and a mismatching one.
import { describe, expect, test } from 'vitest';

class Box {
  constructor(v) { this.v = v; }
}

describe('inline snapshots', () => {
  test('a string prints with its quotes, unescaped', () => {
    expect('say "hi" `now`').toMatchInlineSnapshot(`"say "hi" \`now\`"`);
  });
  test('a string that differs', () => {
    expect('a').toMatchInlineSnapshot(`"b"`);
  });
  test('numbers, -0, bigint, null, undefined, booleans', () => {
    expect([1.5, -0, 10n, null, undefined, true]).toMatchInlineSnapshot(`
      [
        1.5,
        -0,
        10n,
        null,
        undefined,
        true,
      ]
    `);
  });
  test('an object sorts its keys and quotes them', () => {
    expect({ b: 1, a: { c: [] }, 'x y': {} }).toMatchInlineSnapshot(`
      {
        "a": {
          "c": [],
        },
        "b": 1,
        "x y": {},
      }
    `);
  });
  test('an object that differs', () => {
    expect({ a: 1 }).toMatchInlineSnapshot(`
      {
        "a": 2,
      }
    `);
  });
  test('a class instance, Map, Set, Date, RegExp, functions, symbols', () => {
    expect({ box: new Box(1), m: new Map([['k', 1]]), s: new Set([2]), d: new Date(0), r: /a.b/g, f() {}, y: Symbol('q') }).toMatchInlineSnapshot(`
      {
        "box": Box {
          "v": 1,
        },
        "d": 1970-01-01T00:00:00.000Z,
        "f": [Function],
        "m": Map {
          "k" => 1,
        },
        "r": /a\\.b/g,
        "s": Set {
          2,
        },
        "y": Symbol(q),
      }
    `);
  });
  test('toJSON is called', () => {
    expect({ toJSON: () => ({ z: 1 }) }).toMatchInlineSnapshot(`
      {
        "z": 1,
      }
    `);
  });
  test('two snapshots in one test, the second differs', () => {
    expect(1).toMatchInlineSnapshot(`1`);
    expect(2).toMatchInlineSnapshot(`3`);
  });
  test('indentation that does not strip is compared as written', () => {
    expect([1]).toMatchInlineSnapshot(`
  [
    1,
  ]
`);
  });
  test('a multi-line string', () => {
    expect('one\ntwo').toMatchInlineSnapshot(`
      "one
      two"
    `);
  });
});
