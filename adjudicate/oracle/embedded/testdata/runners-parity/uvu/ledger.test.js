const { test, suite } = require('uvu');
const assert = require('uvu/assert');
const ledger = require('../src/ledger.js');

const book = [
  { account: 'cash', amount: 10 },
  { account: 'bank', amount: 25 },
  { account: 'cash', amount: -4 },
];

test('total adds every amount', () => {
  assert.is(ledger.total(book), 31);
});

test('balance keeps one account', () => {
  assert.is(ledger.balance(book, 'cash'), 6);
  assert.is(ledger.balance(book, 'none'), 0);
});

test('largest finds the biggest entry', () => {
  assert.equal(ledger.largest(book), { account: 'bank', amount: 25 });
  assert.throws(() => ledger.largest([]), /no entries/);
});

test('post refuses what is not a number', () => {
  assert.throws(() => ledger.post(book, 'cash', 'x'), (e) => e instanceof TypeError);
  assert.not.throws(() => ledger.post(book, 'cash', 1));
  assert.is(ledger.post(book, 'cash', 1).length, 4);
});

test('summary groups by account', () => {
  assert.equal(ledger.summary(book), { cash: 6, bank: 25 });
  assert.not.equal(ledger.summary(book), { cash: 6 });
  assert.type(ledger.summary(book), 'object');
  assert.instance(ledger.summary(book), Object);
});

test('later resolves after its delay', async () => {
  const v = await ledger.later('ok', 50);
  assert.is(v, 'ok');
  assert.match('posted ok', 'ok');
  assert.match('posted ok', /^posted/);
});

test('a wrong expectation fails', () => {
  assert.is(ledger.total([]), 1, 'an empty ledger has no total of one');
});

test('unreachable fails', () => {
  assert.unreachable('never here');
});

test.skip('skipped by uvu', () => {
  assert.ok(false);
});

test.run();

const Hooks = suite('hooks', { log: [] });

Hooks.before((ctx) => { ctx.log.push('before'); });
Hooks.before.each((ctx) => { ctx.log.push('each:' + ctx.__test__); });
Hooks.after.each((ctx) => { ctx.log.push('after-each'); });
Hooks.after((ctx) => { ctx.log.push('after'); });

Hooks('the state sees the hooks', (ctx) => {
  assert.equal(ctx.log, ['before', 'each:the state sees the hooks']);
  assert.is(ctx.__suite__, 'hooks');
});

Hooks('the second test sees the first one done', (ctx) => {
  assert.equal(ctx.log.slice(-3), ['each:the state sees the hooks', 'after-each', 'each:the second test sees the first one done'].slice(-3));
});

Hooks('fails among hooks', () => {
  assert.ok(ledger.total(book) > 100, 'the book is small');
});

Hooks.run();

const Only = suite('only');
Only('not run beside an only', () => { assert.unreachable(); });
Only.only('the only one', () => { assert.is(ledger.balance(book, 'bank'), 25); });
Only.run();

const BrokenBefore = suite('broken before');
BrokenBefore.before(() => { throw new Error('before blew up'); });
BrokenBefore('never runs', () => { assert.unreachable(); });
BrokenBefore.run();

const NeverRun = suite('never run');
NeverRun('is declared only', () => { assert.unreachable(); });

const EachFails = suite('each fails');
EachFails.before.each(() => { throw new Error('before.each blew up'); });
EachFails('fails through its hook', () => {});
EachFails.run();
