// ava parity: a file whose tests all pass, with before/after hooks.
import test from 'ava'
import stock from '../src/stock.js'

let shelves = 0
test.before(() => { shelves = 1 })
test.after(() => { shelves = 0 })

test('before ran', (t) => {
  t.is(shelves, 1)
})

test('total of a few lines', (t) => {
  t.is(stock.total([stock.parseLine('a: 2 @ 1.5'), stock.parseLine('b: 1 @ 0.25')]), 3.25)
})
