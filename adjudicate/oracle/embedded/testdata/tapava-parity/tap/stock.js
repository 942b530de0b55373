// tap parity tests for src/stock.js: passing and failing on purpose, one outcome a subtest.
const t = require('tap')
const { parseLine, total, group, Shelf, restock } = require('../src/stock.js')

t.equal(total([]), 0, 'an empty ledger totals zero')

t.test('same is loose', (t) => {
  t.same(parseLine('A:1'), { sku: 'a', qty: '1' })
  t.end()
})

t.test('strictSame is strict', (t) => {
  t.strictSame(parseLine('A:1'), { sku: 'a', qty: '1' })
  t.end()
})

t.test('strictSame on a null-prototype object', (t) => {
  t.strictSame(group([parseLine('a:1')]), { a: 1 })
  t.end()
})

t.test('match patterns', (t) => {
  t.match(parseLine('b:2@3'), { sku: /^b/, qty: Number, price: 3 })
  t.match('a stock line', 'stock')
  t.has(parseLine('b:2@3'), { sku: 'b' })
  t.notMatch(parseLine('b:2'), { price: Number })
  t.end()
})

t.test('match fails on a type', (t) => {
  t.match(parseLine('b:2@3'), { price: String })
  t.end()
})

t.test('equal is ===', (t) => {
  t.equal(parseLine('a:1').qty, '1')
  t.end()
})

t.test('shelf', (t) => {
  const shelf = new Shelf('main')
  t.test('add', (t) => {
    t.equal(shelf.add(parseLine('a: 1')), 1)
    t.type(shelf, Shelf)
    t.type(shelf.items, 'object')
    t.end()
  })
  t.test('an empty line throws', (t) => {
    t.throws(() => shelf.add({ sku: 'x', qty: 0 }), RangeError)
    t.throws(() => shelf.add({ sku: 'x', qty: 0 }), { message: /empty line/ })
    t.end()
  })
  t.test('a wrong throws pattern fails', (t) => {
    t.throws(() => shelf.add({ sku: 'x', qty: 0 }), { message: 'nope' })
    t.end()
  })
  t.end()
})

t.test('restock', async (t) => {
  const shelf = new Shelf('r')
  shelf.add(parseLine('c:4'))
  t.same(await restock(shelf), [{ sku: 'c', qty: 5 }])
  await t.rejects(restock(new Shelf('e')), { message: /nothing/ })
})

t.test('resolves fails on a rejection', async (t) => {
  await t.resolves(restock(new Shelf('e')))
})

t.test('a throw fails the subtest', (t) => {
  parseLine('!!')
  t.end()
})

t.test('a plan exceeded fails', (t) => {
  t.plan(1)
  t.ok(1)
  t.ok(2)
})

t.test('type null is not object', (t) => {
  t.type(null, 'object')
  t.end()
})

t.test('teardown and error', (t) => {
  t.teardown(() => {})
  t.error(null)
  t.doesNotThrow(() => parseLine('a:1'))
  t.notOk(parseLine('a:1').price)
  t.end()
})

t.test('skipped', { skip: true }, (t) => {
  t.fail('never')
  t.end()
})

t.test('hooks', (t) => {
  const seen = []
  t.beforeEach((t) => { seen.push('before ' + t.name) })
  t.afterEach((t) => { seen.push('after ' + t.name) })
  t.test('first', (t) => {
    t.same(seen, ['before first'])
    t.end()
  })
  t.test('second sees the first one end', (t) => {
    t.same(seen, ['before first', 'after first', 'before second sees the first one end'])
    t.end()
  })
  t.test('a wrong order fails', (t) => {
    t.same(seen.slice(-1), ['after second sees the first one end'])
    t.end()
  })
  t.end()
})
