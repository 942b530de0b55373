/* IMPORTANT
 * This snapshot file is auto-generated, but designed for humans.
 * It should be checked into source control and tracked carefully.
 * Re-generate by setting TAP_SNAPSHOT=1 and running tests.
 * Make sure to inspect the output below.  Do not ignore changes!
 */
'use strict'
exports[`tap/snap.js TAP > a total at the top level 1`] = `
3
`

exports[`tap/snap.js TAP a changed snapshot fails > must match snapshot 1`] = `
Object {
  "qty": 8,
  "sku": "z",
}
`

exports[`tap/snap.js TAP objects are formatted by tcompare > a null-prototype group 1`] = `
Null Object {
  "a": 4,
  "b": 2,
}
`

exports[`tap/snap.js TAP objects are formatted by tcompare > must match snapshot 1`] = `
Object {
  "price": 0.5,
  "qty": 3,
  "sku": "widget",
}
`

exports[`tap/snap.js TAP strings are kept as they are, cleaned > must match snapshot 1`] = `
line one
line \`two\` \${x} \\ {DATE}
`

exports[`tap/snap.js TAP strings are kept as they are, cleaned > must match snapshot 2`] = `
second of the same message
`
