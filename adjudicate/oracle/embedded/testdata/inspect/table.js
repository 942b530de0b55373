// Parity table of the embedded runtime's inspect/format against Node's: each case prints one
// line "CASE <name>: <console.log output>"; Node and the embedded runner must print the same.
class Point { constructor() { this.x = 1; this.y = 2; } }
const cyc = { a: 1 };
cyc.self = cyc;
const cases = [
  ['string', ['s']],
  ['string in array', [['a', "it's"]]],
  ['number', [42]],
  ['negative zero', [-0]],
  ['NaN', [NaN]],
  ['bigint', [10n]],
  ['symbol', [Symbol('s')]],
  ['undefined', [undefined]],
  ['null', [null]],
  ['boolean', [true]],
  ['named function', [function named() {}]],
  ['anonymous arrow', [[() => {}]]],
  ['empty array', [[]]],
  ['array', [[1, 'two', [3]]]],
  ['empty object', [{}]],
  ['object', [{ a: 1, 'b-c': 'd', e: { f: [1] } }]],
  ['class instance', [new Point()]],
  ['null prototype', [Object.create(null)]],
  ['map', [new Map([['k', 1]])]],
  ['empty map', [new Map()]],
  ['set', [new Set([1, 2])]],
  ['typed array', [new Uint8Array([1, 2, 3])]],
  ['date', [new Date(0)]],
  ['invalid date', [new Date(NaN)]],
  ['regexp', [/a+b/gi]],
  ['circular', [cyc]],
  ['deep nesting', [{ a: { b: { c: { d: { e: { f: 1 } } } } } }]],
  ['format s', ['%s!', 'hi']],
  ['format d', ['%d items', 3]],
  ['format i', ['%i', 3.7]],
  ['format f', ['%f', '1.5']],
  ['format j', ['%j', { a: [1] }]],
  ['format percent', ['100%% %s', 'sure']],
  ['format missing arg', ['%s and %s', 'one']],
  ['extra args', ['a', 1, { b: 2 }]],
  ['object first', [{ a: 1 }, 'then']],
];
for (const [name, args] of cases) {
  const [first, ...rest] = args;
  if (typeof first === 'string') console.log('CASE ' + name + ': ' + first, ...rest);
  else console.log('CASE ' + name + ':', first, ...rest);
}
