// The setup file: a global helper, a fresh ledger before each test, and an invariant checked
// after each one, which no test checks itself.
import { beforeEach, afterEach, expect } from 'vitest';
import { Ledger } from '../src/ledger.js';

globalThis.sum = (xs) => xs.reduce((a, b) => a + b, 0);
globalThis.setupRuns = (globalThis.setupRuns || 0) + 1;

beforeEach(() => {
  globalThis.ledger = new Ledger(50);
});

afterEach(() => {
  const l = globalThis.ledger;
  expect(l.balance).toBe(l.opening + sum(l.entries));
});
