import { test } from 'uvu';
import { is, equal } from 'uvu/assert';
import ledger from '../src/ledger.js';

test('summary of an empty ledger', () => {
  equal(ledger.summary([]), {});
});

test('posting adds an entry', () => {
  const book = ledger.post([], 'cash', 3);
  is(ledger.total(book), 3);
  is(ledger.largest(book).amount, 3);
});

test.run();
