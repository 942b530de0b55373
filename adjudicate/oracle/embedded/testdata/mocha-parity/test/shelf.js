'use strict';

const assert = require('assert');
const { Shelf } = require('../src/shelf');

let rootBefore = 0;
before(function () {
  rootBefore++;
});

it('works at the root', function () {
  assert.strictEqual(rootBefore, 1);
});

describe('Shelf', function () {
  let shelf;
  const seen = [];

  before(function () {
    seen.push('before');
  });
  beforeEach(function () {
    shelf = new Shelf(2);
    seen.push('each:' + this.currentTest.title);
  });
  afterEach(function namedCleanup() {
    shelf = undefined;
  });
  after(function () {
    seen.length = 0;
  });

  // Declared before the tests below, run after them: mocha runs a suite's own tests first.
  describe('nested', function () {
    it('sees the hooks of every level', function () {
      assert.deepStrictEqual(seen.slice(0, 2), ['before', 'each:puts items']);
      assert.ok(shelf instanceof Shelf);
    });

    context('deeper', function () {
      beforeEach(function () {
        this.extra = shelf.put('x');
      });
      it('shares this with its hooks', function () {
        assert.strictEqual(this.extra, true);
      });
      specify('fails an assertion', function () {
        assert.deepStrictEqual(shelf.summary(), { capacity: 2, used: 2, free: 0 });
      });
    });
  });

  it('puts items', function () {
    assert.strictEqual(shelf.put('a'), true);
    assert.strictEqual(shelf.put('b'), true);
    assert.strictEqual(shelf.put('c'), false);
  });

  it('refuses a bad capacity', function () {
    assert.throws(() => new Shelf(0), /capacity must be positive/);
  });

  it('compares deeply (loose)', function () {
    shelf.put({ n: 1 });
    assert.deepEqual(shelf.items, [{ n: '1' }]);
  });

  it('fails a strict deep comparison', function () {
    shelf.put({ n: 1 });
    assert.deepStrictEqual(shelf.items, [{ n: '1' }]);
  });

  it('calls done', function (done) {
    shelf.put('a');
    shelf.later(10, (err, items) => {
      if (err) return done(err);
      assert.deepStrictEqual(items, ['a']);
      done();
    });
  });

  it('passes an error to done', function (done) {
    shelf.later(5, () => done(new Error('told to fail')));
  });

  it('throws inside a timer', function (done) {
    shelf.later(5, () => {
      assert.strictEqual(1, 2);
      done();
    });
  });

  it('calls done twice', function (done) {
    done();
    done();
  });

  it('returns a resolving promise', function () {
    shelf.put('a');
    return shelf.settle(5).then((n) => assert.strictEqual(n, 1));
  });

  it('returns a rejecting promise', function () {
    return shelf.settle(5);
  });

  it('awaits', async function () {
    shelf.put('a');
    shelf.put('b');
    assert.strictEqual(await shelf.settle(1), 2);
  });

  it('times out with its own timeout', function (done) {
    this.timeout(20);
    shelf.later(60, () => done());
  });

  it('waits with a longer timeout', function (done) {
    this.timeout(300);
    shelf.later(40, () => done());
  });

  it('times out at the default timeout', function (done) {
    // never calls done
  });

  it('skips itself', function () {
    this.skip();
    assert.fail('not reached');
  });

  it('is pending without a body');
  it.skip('is skipped', function () {
    assert.fail('not run');
  });
  xit('is skipped with xit', function () {
    assert.fail('not run');
  });

  it('leaves a rejection unhandled', function () {
    Promise.reject(new Error('nobody listens'));
  });

  it('is both done and promise', function (done) {
    return Promise.resolve().then(() => done());
  });
});

describe.skip('a skipped suite', function () {
  it('is pending', function () {
    assert.fail('not run');
  });
});

xdescribe('an x-skipped suite', function () {
  it('is pending too', function () {});
});

describe('hooks that fail', function () {
  describe('in beforeEach', function () {
    let n = 0;
    beforeEach(function () {
      n++;
      if (n === 2) throw new Error('second setup fails');
    });
    it('runs first', function () {});
    it('never runs second', function () {});
    it('never runs third', function () {});
    describe('below', function () {
      it('never runs either', function () {});
    });
  });

  describe('in before', function () {
    before(function () {
      throw new Error('before fails');
    });
    it('does not run', function () {});
  });

  describe('in afterEach', function () {
    afterEach(function () {
      throw new Error('cleanup fails');
    });
    it('passes before its hook fails', function () {});
    it('does not run after it', function () {});
  });

  describe('after a failing sibling', function () {
    it('still runs', function () {});
  });
});
