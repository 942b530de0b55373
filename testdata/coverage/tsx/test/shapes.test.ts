import { test } from 'node:test';
import assert from 'node:assert';
import { firstNegative, firstOver, sumPositive, countWords, record, recordAll, kind, options } from '../src/shapes.ts';

test('each shape runs on one path and not on the other', () => {
  assert.strictEqual(firstNegative([1, -2, 3]), 1);
  assert.strictEqual(firstOver([1, 2], 5), -1);
  assert.strictEqual(sumPositive([1, -2, 3]), 4);
  assert.strictEqual(countWords(['a', 'b']), 2);
  const sink = [];
  record(sink, '');
  recordAll(sink, ['x']);
  assert.deepStrictEqual(sink, ['x']);
  assert.strictEqual(kind('a'), 'letter');
  // verbose is never read: a mutant of its property line is accepted on a line that ran.
  assert.strictEqual(options({ verbose: true, depth: 1 }).depth, 2);
});
