'use strict';

const assert = require('assert');

describe('timeouts', function () {
  this.timeout(50);

  it('inherits the suite timeout', function (done) {
    setTimeout(done, 100);
  });

  it('fits in it', function (done) {
    setTimeout(done, 10);
  });

  it('turns timeouts off', function (done) {
    this.timeout(0);
    setTimeout(done, 80);
  });

  describe('a slow hook', function () {
    beforeEach(function (done) {
      setTimeout(done, 100);
    });
    it('never runs', function () {});
  });
});

describe('async functions', function () {
  it('throws after await', async function () {
    await null;
    throw new TypeError('late');
  });

  it('throws a string', function () {
    throw 'just a string'; // eslint-disable-line no-throw-literal
  });

  it('passes', function () {
    assert.ok(true);
  });
});
