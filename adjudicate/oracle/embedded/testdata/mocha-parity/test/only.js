'use strict';

const assert = require('assert');

describe('with only', function () {
  it('is left out', function () {
    assert.fail('filtered out by only');
  });
  it.only('runs the only test', function () {
    assert.ok(true);
  });
  describe.only('an only suite', function () {
    it('runs', function () {});
    it('fails', function () {
      assert.strictEqual(1, 2);
    });
  });
  describe('not only', function () {
    it('is left out too', function () {});
  });
});

describe('elsewhere', function () {
  describe('with an only inside', function () {
    it('is left out here', function () {});
    it.only('is kept', function () {});
  });
  it('is left out as well', function () {});
});
