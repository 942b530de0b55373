// tap parity: t.matchSnapshot against the committed tap-snapshots/tap/snap.js.test.cjs (written
// by real tap with TAP_SNAPSHOT=1, then one entry changed by hand so that its test fails).
const t = require('tap')
const { parseLine, group, total } = require('../src/stock.js')

t.cleanSnapshot = (s) => s.replace(/\d{4}-\d\d-\d\d/g, '{DATE}')

t.matchSnapshot(total([parseLine('a: 2 @ 1.5')]), 'a total at the top level')

t.test('objects are formatted by tcompare', (t) => {
  t.matchSnapshot(parseLine('Widget: 3 @ 0.5'))
  t.matchSnapshot(group([parseLine('a:1'), parseLine('b:2'), parseLine('a:3')]), 'a null-prototype group')
  t.end()
})

t.test('strings are kept as they are, cleaned', (t) => {
  t.matchSnapshot('line one\nline `two` ${x} \\ 2024-01-31')
  t.matchSnapshot('second of the same message')
  t.end()
})

t.test('a changed snapshot fails', (t) => {
  t.matchSnapshot({ sku: 'z', qty: 9 })
  t.end()
})

t.test('a missing entry fails', (t) => {
  t.matchSnapshot('never saved', 'no such entry')
  t.end()
})
