'use strict';

const assert = require('node:assert');
const { contains, width, overlap } = require('../src/range');

describe('range', () => {
  describe('contains', () => {
    it('holds its ends', () => {
      assert.ok(contains({ lo: 1, hi: 3 }, 1));
      assert.ok(contains({ lo: 1, hi: 3 }, 3));
    });
    it('rejects below', () => {
      assert.ok(!contains({ lo: 1, hi: 3 }, 0));
    });
    it('rejects above', () => {
      assert.ok(!contains({ lo: 1, hi: 3 }, 4));
    });
  });

  it('counts its width', () => {
    assert.strictEqual(width({ lo: 2, hi: 5 }), 4);
  });

  describe('overlap', () => {
    it('touching ranges overlap', () => {
      assert.ok(overlap({ lo: 1, hi: 2 }, { lo: 2, hi: 3 }));
    });
    it('apart ranges do not', () => {
      assert.ok(!overlap({ lo: 1, hi: 2 }, { lo: 4, hi: 5 }));
    });
  });
});
