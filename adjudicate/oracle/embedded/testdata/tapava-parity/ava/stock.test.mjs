// ava parity tests for src/stock.js: passing and failing on purpose, one outcome a test.
import test from 'ava'
import stock from '../src/stock.js'

const { parseLine, total, group, Shelf, restock } = stock

test.beforeEach((t) => {
  t.context.shelf = new Shelf('main')
})

test.afterEach.always((t) => {
  t.context.shelf.items.length = 0
})

test.serial('serial tests run first', (t) => {
  t.is(t.context.shelf.add(parseLine('a: 1 @ 2')), 1)
})

test('parses a line', (t) => {
  t.deepEqual(parseLine(' Widget-2: 5 @ 1.25 '), { sku: 'widget-2', qty: 5, price: 1.25 })
})

test('price is left out when absent', (t) => {
  t.deepEqual(parseLine('a:1'), { sku: 'a', qty: 1 })
})

test('deepEqual is strict about types', (t) => {
  t.deepEqual(parseLine('a:1'), { sku: 'a', qty: '1' })
})

test('a null-prototype object against a literal', (t) => {
  t.deepEqual(group([parseLine('a:1'), parseLine('a:2')]), { a: 3 })
})

test('like picks the selector keys', (t) => {
  t.like(parseLine('b: 2 @ 3.5'), { sku: 'b', price: 3.5 })
})

test('like fails on a differing key', (t) => {
  t.like(parseLine('b: 2 @ 3.5'), { qty: 3 })
})

test('throws meets its expectations', (t) => {
  const err = t.throws(() => parseLine('??'), { instanceOf: TypeError, code: 'EBADLINE' })
  t.regex(err.message, /bad stock line/)
})

test('throws with the wrong message fails', (t) => {
  t.throws(() => parseLine('??'), { message: 'nope' })
})

test('throws when nothing throws fails', (t) => {
  t.throws(() => parseLine('a:1'))
})

test('throwsAsync awaits the rejection', async (t) => {
  await t.throwsAsync(restock(new Shelf('x')), { message: /nothing to restock/ })
})

test('an assertion left pending fails', (t) => {
  t.throwsAsync(restock(new Shelf('y')))
})

test('a test with no assertion fails', () => {
  total([])
})

test('a plan not met fails', (t) => {
  t.plan(2)
  t.pass()
})

test('a rejected promise fails', async (t) => {
  t.pass()
  await restock(new Shelf('z'))
})

test('restock resolves', async (t) => {
  t.context.shelf.add(parseLine('c: 4'))
  t.deepEqual(await restock(t.context.shelf), [{ sku: 'c', qty: 5 }])
})

test.failing('negative lines do not count (known)', (t) => {
  t.is(total([{ sku: 'x', qty: -1, price: 3 }]), -3)
})

test.failing('a failing test that passes fails', (t) => {
  t.is(total([{ sku: 'x', qty: 2, price: 3 }]), 6)
})

test('truthiness and identity', (t) => {
  t.truthy(parseLine('a:1').sku)
  t.falsy(parseLine('a:1').price)
  t.true(total([]) === 0)
  t.not(parseLine('a:1'), parseLine('a:1'))
  t.notDeepEqual(parseLine('a:1'), parseLine('a:2'))
  t.notRegex('abc', /d/)
})

test('t.false fails on a falsy non-false', (t) => {
  t.false(0)
})

test('teardown runs after the test', (t) => {
  const shelf = new Shelf('t')
  t.teardown(() => { shelf.items.length = 0 })
  t.is(shelf.add(parseLine('q:1')), 1)
})

test.skip('skipped', (t) => {
  t.fail()
})

test.todo('write more tests')
