'use strict';

const test = require('tape');
const ledger = require('../src/ledger.js');

const book = [
  { account: 'cash', amount: 10 },
  { account: 'bank', amount: 25 },
  { account: 'cash', amount: -4 },
];

test('total adds every amount', (t) => {
  t.equal(ledger.total(book), 31);
  t.strictEqual(ledger.total([]), 0, 'an empty ledger totals zero');
  t.end();
});

test('balance keeps one account', function (t) {
  t.is(ledger.balance(book, 'cash'), 6);
  t.notEqual(ledger.balance(book, 'bank'), 6);
  t.ok(ledger.balance(book, 'bank') > 0);
  t.notOk(ledger.balance(book, 'none'));
  t.end();
});

test('largest and its error', (t) => {
  t.deepEqual(ledger.largest(book), { account: 'bank', amount: 25 });
  t.same(ledger.largest(book), { account: 'bank', amount: 25 }, 'same is deepEqual');
  t.throws(() => ledger.largest([]), /no entries/);
  t.throws(() => ledger.largest([]), RangeError);
  t.doesNotThrow(() => ledger.largest(book));
  t.end();
});

test('summary, with subtests', (t) => {
  t.test('groups by account', (st) => {
    st.deepEqual(ledger.summary(book), { cash: 6, bank: 25 });
    st.end();
  });
  t.test('an empty summary', (st) => {
    st.deepEqual(ledger.summary([]), {});
    st.notDeepEqual(ledger.summary(book), {});
    st.end();
  });
  t.end();
});

test('later, as an async test', async (t) => {
  const v = await ledger.later(7, 20);
  t.equal(v, 7);
});

test('later, ended by a promise callback', (t) => {
  ledger.later('x', 5).then((v) => {
    t.equal(v, 'x');
    t.end();
  });
});

test('post refuses a string', (t) => {
  t.throws(() => ledger.post(book, 'cash', 'ten'), TypeError);
  t.error(null, 'no error');
  t.match('posted 3', /posted/);
  t.doesNotMatch('posted 3', /refused/);
  t.end();
});

test('a failing expectation', (t) => {
  t.equal(ledger.balance(book, 'bank'), 24, 'the bank holds 24');
  t.end();
});

test('fail and pass by hand', (t) => {
  t.pass('this one is fine');
  t.fail('this one is not');
  t.end();
});

test('skipped by option', { skip: true }, (t) => {
  t.fail('never runs');
  t.end();
});

test('teardown runs at the end', (t) => {
  let torn = false;
  t.teardown(() => { torn = true; });
  t.equal(torn, false);
  t.end();
});
