'use strict';

// Run with --check-leaks --require test/support/preload.js.

const assert = require('assert');
const { Shelf } = require('../src/shelf');

describe('required', function () {
  it('sees the environment the preload set', function () {
    assert.strictEqual(process.env.SHELF_MODE, 'preloaded');
  });
  it('sees the global the preload set, which is no leak', function () {
    assert.strictEqual(global.shelfPreloaded, true);
  });
  it('still catches a leak of its own', function () {
    global.requiredLeak = new Shelf();
  });
  it('fails on purpose, reading the preload', function () {
    assert.strictEqual(global.shelfPreloaded, false);
  });
});
