// expect.addEqualityTesters, as yaml's setup file uses it: a tester that reads arrays of
// different constructors as equal by their items (through this.equals with the testers passed
// on), one that reads objects with an `id` as equal by it alone, and undefined leaving the rest
// to the default rules, at the top level and nested. Each pair holds a test that fails.
class Seq extends Array {}
const seq = (...xs) => { const s = new Seq(); s.push(...xs); return s; };

expect.addEqualityTesters([
  function arrayish(a, b, testers) {
    if (Array.isArray(a) && Array.isArray(b) && a.constructor !== b.constructor) {
      return this.equals(Array.from(a), Array.from(b), testers);
    }
    return undefined;
  },
  function byId(a, b) {
    if (a && b && typeof a === 'object' && typeof b === 'object' && 'id' in a && 'id' in b) return a.id === b.id;
    return undefined;
  },
]);

describe('equality testers', () => {
  test('toStrictEqual of arrays of different classes', () => { expect(seq(1, 2)).toStrictEqual([1, 2]); });
  test('toStrictEqual of different items fails', () => { expect(seq(1, 2)).toStrictEqual([1, 3]); });
  test('nested, in toEqual', () => { expect({ a: seq({ id: 1, x: 1 }) }).toEqual({ a: [{ id: 1, x: 2 }] }); });
  test('nested ids that differ fail', () => { expect({ a: [{ id: 1 }] }).toEqual({ a: [{ id: 2 }] }); });
  test('undefined leaves the default rules', () => { expect({ x: [1] }).toEqual({ x: [1] }); expect('a').not.toEqual('b'); });
  test('toHaveBeenCalledWith consults them', () => { const f = (typeof vi !== 'undefined' ? vi : jest).fn(); f({ id: 3, y: 1 }); expect(f).toHaveBeenCalledWith({ id: 3, y: 2 }); });
  test('toContainEqual consults them, and fails', () => { expect([{ id: 4 }]).toContainEqual({ id: 5 }); });
});
