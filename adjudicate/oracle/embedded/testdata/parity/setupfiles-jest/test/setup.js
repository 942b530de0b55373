// jest's setupFilesAfterEnv file: a global helper, a fresh ledger before each test, and an
// invariant checked after each one, which no test checks itself.
const { Ledger } = require('../src/ledger');

global.sum = (xs) => xs.reduce((a, b) => a + b, 0);
global.setupRuns = (global.setupRuns || 0) + 1;

beforeEach(() => {
  global.ledger = new Ledger(50);
});

afterEach(() => {
  const l = global.ledger;
  expect(l.balance).toBe(l.opening + sum(l.entries));
});
