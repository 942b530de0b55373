// A second file: the setup file runs again, in its own module graph, before it.
test('the setup file ran once for this file too', () => {
  expect(setupRuns).toBe(1);
  expect(ledger.balance).toBe(50);
});
