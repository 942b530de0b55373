// A second file: the setup file runs again, in its own module graph, before it loads, and its
// beforeEach runs before the one this file registers.
const runsAtLoad = typeof setupRuns === 'undefined' ? 0 : setupRuns;

beforeEach(() => {
  ledger.deposit(1);
});

test('the setup file ran before this file loaded', () => {
  expect(runsAtLoad).toBe(1);
});

test('the setup file ran once for this file too', () => {
  expect(setupRuns).toBe(1);
  expect(ledger.entries).toEqual([1]);
});
