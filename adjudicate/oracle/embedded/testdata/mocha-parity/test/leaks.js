'use strict';

// Run with --check-leaks: a test or hook that adds a global fails.

const assert = require('assert');

global.atLoad = 'allowed: set before the run';

describe('leaks', function () {
  before(function () {
    global.fromBefore = 1;
  });
  it('leaks a global', function () {
    global.leaked = 1;
  });
  it('leaks nothing', function () {
    assert.strictEqual(global.atLoad, 'allowed: set before the run');
  });
  it('leaks two', function () {
    global.firstLeak = 1;
    global.secondLeak = 2;
  });
  it('reassigns a global it already leaked', function () {
    global.leaked = 2;
  });
  describe('from a hook', function () {
    beforeEach(function () {
      if (!global.fromEach) global.fromEach = 0;
      global.fromEach++;
    });
    it('runs after its hook leaked', function () {});
    it('runs again', function () {
      assert.strictEqual(global.fromEach, 2);
    });
  });
});
