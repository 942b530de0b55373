// tap parity: an ES module whose assertions all pass, at the top level and in subtests.
import t from 'tap'
import stock from '../src/stock.js'

t.equal(stock.total([stock.parseLine('a: 2 @ 1.5')]), 3)
t.test('group', async (t) => {
  t.same(stock.group([stock.parseLine('a:1'), stock.parseLine('a:2')]), { a: 3 })
})
