import test from 'tape';
import ledger from '../src/ledger.js';

test('posting adds an entry', (t) => {
  const book = ledger.post([], 'cash', 3);
  t.equal(ledger.total(book), 3);
  t.deepEqual(ledger.summary(book), { cash: 3 });
  t.end();
});
