// JSON.parse as Node 20 parses: each input is one test that prints the value it parses to, or
// the SyntaxError's message, and fails on the error, so the parity test compares both the
// statuses and the printed lines with node --test.
const test = require('node:test');

const inputs = [
  '', ' ', '{', '{     ', '[     ', '"     ', ' "Invalid', '[1,2,3]?', 'invalid JSON text', 'undefined', 'NaN',
  'Infinity', '[object Object]', '{"a":}', '{"a" 1}', '{a:1}', '[1,]', '[1 2]', '{"a":1,}', '{"a":1 "b":2}', '-', '-a',
  '1e', '1e+', '1.', '1.e5', '01', '-01', '0x1', '+1', '.5', '"\\x"', '"\\u12"', '"\\u12g4"', '"a\nb"', '"a\tb"', 'tru',
  'trux', 'tr1', 'fals e', 'true false', '"abc" x', 'this is a longer invalid json text for context',
  '{"key": "value", "other": oops, "more": 1}', 'a text that is long enough to end badly: !', '9.9e10000', '-9.9e10000',
  '9.9e-10000', '1E400', '123456789012345678901234567890', '"\\ud800"', '"\\uDC00x"', '"raw \ud800 surrogate"',
  '{"__proto__": {"x": 1}}', '{"a":1,"a":2}', ' [1, {"b": [true, null, "s\\u0041\\n"]}] ', '-0', '"\\/"', '\u00a0 1',
  '\t\r\n 1 \t', '1 2', '{"a":[1,{"b":2}]}x', '[', '[1', '{"a"', '{"a":', '{"a":1', '{"a":1,', '{"a":1,"b"', '{"a":1,"b" 1}',
  '{"a":1,"b" "c"}', '["a" "b"]', '{,}', '[,]', '"', '"\\', '"\\u', '{"a":1}}',
];

const show = (v) => (Object.is(v, -0) ? '-0' : v === Infinity ? 'Infinity' : v === -Infinity ? '-Infinity' : JSON.stringify(v));

for (const [k, s] of inputs.entries()) {
  test(`input ${k}`, () => {
    let v;
    try {
      v = JSON.parse(s);
    } catch (e) {
      console.log(`${k} ${e.name}: ${e.message}`);
      throw e;
    }
    const proto = v && typeof v === 'object' && !Array.isArray(v) ? ' proto ' + (Object.getPrototypeOf(v) === Object.prototype) : '';
    console.log(`${k} ok ${show(v)}${proto}`);
  });
}

test('a reviver sees members bottom-up and deletes on undefined', () => {
  const seen = [];
  const v = JSON.parse('{"a":[1,2],"b":{"c":3},"d":4}', function (k, val) {
    seen.push(k);
    if (k === 'd') return undefined;
    return typeof val === 'number' ? val * 10 : val;
  });
  console.log('reviver ' + JSON.stringify(v) + ' ' + JSON.stringify(seen));
});

test('a reviver that is not a function is ignored', () => {
  for (const r of [null, 5, {}]) console.log('ignored ' + JSON.stringify(JSON.parse('[1]', r)));
});
