// Tests that lean on the setup file: the ledger its beforeEach makes, the global helper it
// defines, and the invariant its afterEach checks.
import { Ledger, fee } from '../src/ledger.js';

describe('ledger', () => {
  test('the setup file ran once for this file', () => {
    expect(setupRuns).toBe(1);
  });

  test('each test gets a fresh ledger', () => {
    expect(ledger).toBeInstanceOf(Ledger);
    expect(ledger.entries).toEqual([]);
    ledger.deposit(5);
  });

  test('a deposit is recorded', () => {
    expect(ledger.deposit(5)).toBe(1);
    expect(ledger.entries).toEqual([5]);
  });

  test('a withdrawal is recorded', () => {
    ledger.withdraw(20);
    expect(ledger.entries).toEqual([-20]);
  });

  test('an overdraft throws', () => {
    expect(() => ledger.withdraw(51)).toThrow('insufficient funds');
  });

  test('the global helper sums', () => {
    expect(sum([1, 2, 3])).toBe(6);
  });

  test('fails on purpose: the ledger the setup file made holds 50', () => {
    expect(ledger.balance).toBe(60);
  });

  test('fails on purpose in the setup file\'s afterEach', () => {
    ledger.balance = 7;
  });
});

test('fee', () => {
  expect(fee(150)).toBe(2);
});
