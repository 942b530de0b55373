// .only: when a file has one, only the tests marked only (or in a suite marked only) run.
test('not marked', () => {});
test.only('marked only', () => {});
test.only('marked only and failing', () => expect(1).toBe(0));
describe.only('suite marked only', () => {
  test('runs', () => {});
});
describe('suite not marked', () => {
  test('skipped by only', () => { throw new Error('must not run'); });
});
