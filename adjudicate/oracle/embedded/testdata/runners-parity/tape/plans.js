'use strict';

const test = require('tape');
const ledger = require('../src/ledger.js');

test('a plan ends the test', (t) => {
  t.plan(2);
  t.equal(ledger.total([{ account: 'a', amount: 2 }]), 2);
  setTimeout(() => t.equal(ledger.total([]), 0), 10);
});

test('a plan that counts subtests', (t) => {
  t.plan(2);
  t.ok(true, 'one assertion');
  t.test('and one subtest', (st) => {
    st.plan(1);
    st.equal(ledger.balance([{ account: 'a', amount: 5 }], 'a'), 5);
  });
});

test('too many assertions for the plan', (t) => {
  t.plan(1);
  t.ok(true);
  t.ok(true);
});

test('too few assertions for the plan', (t) => {
  t.plan(3);
  t.ok(ledger.total([]) === 0);
  t.end();
});

test('end called twice', (t) => {
  t.ok(true);
  t.end();
  t.end();
});

test('an assertion after the end', (t) => {
  t.end();
  t.ok(true, 'too late');
});

test('an async test that rejects', async (t) => {
  t.ok(true);
  await ledger.later(0, 1);
  throw new Error('rejected on purpose');
});

test('a test after the failures still runs', (t) => {
  t.deepEqual(ledger.summary([{ account: 'a', amount: 1 }]), { a: 1 });
  t.end();
});

test('never ended', (t) => {
  t.ok(true);
});
