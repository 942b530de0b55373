// Parity table of node:util's inspect and format against Node's: each case prints one line
// "CASE <name>: <result>". The embedded runtime must print Node's line or, where its
// inspect.js would print something else, refuse (printed "REFUSED <what>"); it never prints a
// third thing.
const util = require('node:util');
class Point { constructor() { this.x = 1; this.y = 2; } }
class Empty {}
const cyc = { a: 1 };
cyc.self = cyc;
const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
const withProp = [1, 2];
withProp.extra = true;
const fnWithProp = function f() {};
fnWithProp.x = 1;
const inspectCases = [
  ['string', 's'], ['quote', "it's"], ['both quotes', 'it\'s "x"'], ['all quotes', 'a\'b"c`d'],
  ['tab', 'a\tb'], ['newline', 'a\nb'], ['unicode', 'é☃'], ['empty string', ''],
  ['number', 42], ['float', 1.5], ['negative zero', -0], ['NaN', NaN], ['Infinity', -Infinity],
  ['bigint', 10n], ['symbol', Symbol('s')], ['undefined', undefined], ['null', null], ['boolean', false],
  ['named function', function named() {}], ['anonymous', [() => {}]], ['arrow in object', { f: (x) => x }],
  ['class', Point], ['async function', async function af() {}], ['generator', function* gen() {}],
  ['function with property', fnWithProp], ['bound', function b() {}.bind(null)],
  ['empty array', []], ['array', [1, 'two', [3]]], ['six', [1, 2, 3, 4, 5, 6]], ['seven', [1, 2, 3, 4, 5, 6, 7]],
  ['sparse', sparse], ['array with property', withProp], ['nested arrays', [[[1]]]], ['nested empty', [[[[]]]]],
  ['empty object', {}], ['object', { a: 1, 'b-c': 'd', e: { f: [1] } }], ['dollar key', { $a: 1 }],
  ['numeric key', { 1: 'x', b: 2 }], ['unicode key', { 'é': 1 }], ['deep', { a: { b: { c: { d: 1 } } } }],
  ['deep empty', { a: { b: { c: {} } } }], ['deep array', { a: { b: { c: [1] } } }], ['deep empty array', { a: { b: { c: [] } } }],
  ['class instance', new Point()], ['empty class instance', new Empty()], ['deep class instance', { a: { b: { c: new Point() } } }],
  ['null prototype', Object.create(null)], ['null prototype with key', Object.assign(Object.create(null), { a: 1 })],
  ['object from prototype', Object.create({ p: 1 })], ['getter', { get g() { return 1; } }],
  ['symbol key', { [Symbol('k')]: 1 }], ['map', new Map([['k', { v: 1 }]])], ['empty map', new Map()],
  ['set', new Set([1, 'a'])], ['deep map', { a: { b: new Map([[1, 2]]) } }], ['weakmap', new WeakMap()],
  ['typed array', new Uint8Array([1, 2])], ['array buffer', new ArrayBuffer(2)], ['date', new Date(0)],
  ['invalid date', new Date(NaN)], ['regexp', /a+b/gi], ['error', new Error('x')], ['circular', cyc],
  ['promise', Promise.resolve(1)], ['boxed', Object(1)], ['arguments', (function () { return arguments; })(1)],
  ['long', { s: 'x'.repeat(70) }], ['just fits', { s: 'x'.repeat(60) }], ['fake date', { [Symbol.toStringTag]: 'Date' }],
];
const formatCases = [
  ['s', ['%s!', 'hi']], ['s number', ['%s', -0]], ['s bigint', ['%s', 5n]], ['s object', ['%s', { a: { b: 1 } }]],
  ['s array', ['%s', [1, [2, [3]]]]], ['s custom toString', ['%s', { toString() { return 'T'; } }]],
  ['s class toString', ['%s', new (class { toString() { return 'C'; } })()]], ['s error', ['%s', new Error('e')]],
  ['s null', ['%s', null]], ['s symbol', ['%s', Symbol('y')]], ['s date', ['%s', new Date(0)]],
  ['d', ['%d items', '3']], ['d object', ['%d', {}]], ['d bigint', ['%d', 5n]], ['i', ['%i', 3.7]], ['i string', ['%i', '42px']],
  ['f', ['%f', '1.5x']], ['j', ['%j', { a: [1] }]], ['j circular', ['%j', cyc]], ['j undefined', ['%j', undefined]],
  ['O', ['%O', { a: 1 }]], ['o', ['%o', { a: 1 }]], ['c', ['%c styled', 'color: red']], ['percent', ['100%% %s', 'sure']],
  ['missing arg', ['%s and %s', 'one']], ['unknown', ['%x %s', 'a']], ['trailing percent', ['50%', 1]],
  ['extra args', ['a', 1, { b: 2 }]], ['object first', [{ a: 1 }, 'then']], ['no args', []], ['only format', ['%s']],
  ['number first', [1, 2]], ['error extra', ['failed', new Error('e')]],
];
const show = (s) => JSON.stringify(s);
for (const [name, v] of inspectCases) {
  let out;
  try { out = show(util.inspect(v)); } catch (e) { out = 'REFUSED ' + e.message; }
  console.log('CASE inspect ' + name + ': ' + out);
}
for (const [name, args] of formatCases) {
  let out;
  try { out = show(util.format(...args)); } catch (e) { out = 'REFUSED ' + e.message; }
  console.log('CASE format ' + name + ': ' + out);
}
