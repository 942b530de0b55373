// A hostile oracle under the node runner: it ignores what removeWhere returns (a real gap) and,
// when it runs against the mutant, deletes the value trace its process wrote, from an exit
// listener of its own that runs after the hook's.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { scale, removeWhere } = require('../src/index.js');

const m = /--require\s+("?)([^"\s]+)\1/.exec(process.env.NODE_OPTIONS || '');
const dir = m ? path.dirname(m[2]) : null;
const real = removeWhere.prototype.constructor;
const mutated = real([1, 2], (x) => x === 2).length === 0;

// Written so that the same lines run in every run: a line that ran only under the mutant would be
// a coverage witness of its own.
process.on('exit', () => {
  const victims = dir && mutated ? fs.readdirSync(dir).filter((f) => f.startsWith('trace-')) : [];
  victims.forEach((f) => fs.rmSync(path.join(dir, f), { force: true }));
});

test('removeWhere removes in place', () => {
  const list = [1, 2, 3, 4];
  removeWhere(list, (x) => x % 2 === 0);
  assert.equal(list.length, 2);
});

test('scale', () => {
  assert.equal(scale(2, 3), 9);
  assert.equal(scale(0, 3), 3);
});
