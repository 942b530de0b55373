'use strict';

const assert = require('assert');
const { Shelf } = require('../src/shelf');

describe('skipping from a hook', function () {
  beforeEach(function () {
    if (this.currentTest.title.includes('skip me')) this.skip();
  });
  it('runs', function () {});
  it('skip me: never runs', function () {
    assert.fail('skipped by its hook');
  });
  it('runs after the skipped one', function () {});
});

describe('skipping a whole suite from before', function () {
  before(function () {
    this.skip();
  });
  it('is pending', function () {
    assert.fail('not run');
  });
  describe('below it', function () {
    it('is pending too', function () {});
  });
});

describe('an after hook that fails', function () {
  after(function cleanUp() {
    throw new Error('after all fails');
  });
  it('passes first', function () {});
  it('passes last', function () {});
});

describe('a suite with hooks and no tests', function () {
  before(function () {
    throw new Error('never runs: the suite has no tests');
  });
  describe('empty', function () {});
});

describe('done-style tests', function () {
  it('throws before calling done', function (done) {
    const shelf = new Shelf(1);
    shelf.put('a');
    assert.strictEqual(shelf.put('b'), true);
    done();
  });
  it('passes a string to done', function (done) {
    done('not an error');
  });
  it('passes an object to done', function (done) {
    done({ code: 42 });
  });
  it('skips asynchronously', function (done) {
    this.skip();
  });
  it('resolves late with a long timeout', function () {
    this.timeout(5000);
    return new Shelf(3).settle(3000).then(() => assert.fail('the shelf is empty'), (e) => assert.strictEqual(e.message, 'empty shelf'));
  });
});

describe('context', function () {
  before(function () {
    this.shared = 'from before';
  });
  it('reaches what before set on this', function () {
    assert.strictEqual(this.shared, 'from before');
    assert.strictEqual(this.test.title, 'reaches what before set on this');
    assert.strictEqual(this.test.fullTitle(), 'context reaches what before set on this');
  });
  describe('inner', function () {
    it('inherits it', function () {
      assert.strictEqual(this.shared, 'from before');
    });
  });
  it('rejects with nothing', function () {
    return Promise.reject(); // eslint-disable-line prefer-promise-reject-errors
  });
});
