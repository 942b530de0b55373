'use strict';

// A small ledger for the runner parity fixture: the uvu and tape tests pin these lines, and
// the parity tests mutate one of them.

function total(entries) {
  let sum = 0;
  for (const e of entries) sum += e.amount;
  return sum;
}

function balance(entries, account) {
  return total(entries.filter((e) => e.account === account));
}

function largest(entries) {
  if (entries.length === 0) throw new RangeError('no entries');
  return entries.reduce((a, b) => (b.amount > a.amount ? b : a));
}

function post(entries, account, amount) {
  if (typeof amount !== 'number' || Number.isNaN(amount)) throw new TypeError('amount must be a number');
  return entries.concat([{ account, amount }]);
}

function summary(entries) {
  const out = {};
  for (const e of entries) out[e.account] = (out[e.account] || 0) + e.amount;
  return out;
}

function later(value, ms) {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

module.exports = { total, balance, largest, post, summary, later };
