// Parity table of the WHATWG URL against Node's: each case prints one line "CASE <input>:
// <parts>" (or the error's name and code). The embedded runtime must print Node's line or
// refuse ("REFUSED <what>"), never a third thing.
const cases = [
  ['http://Example.COM:80/a/./b/../c?x=1 2#f g'], ['https://a.b/p%2e%2E/q?é=ü#é'], ['ws://h:0080/'], ['wss://h:443/x'],
  ['http://h:8080'], ['HTTP://h/a b/"q"/{x}'], ['http://1.2.3.4/'], ['http://1.2.3/'], ['http://0x7f.0.0.1/'], ['http://example.123/'],
  ['/x/y?z', 'http://h/a/b'], ['../c', 'http://h/a/b/'], ['../../../c', 'http://h/a/b'], ['?q', 'http://h/a?b#c'], ['#f', 'http://h/a?b#c'],
  ['', 'http://h/a?b#c'], ['//o/p', 'https://h/a'], ['c', 'http://h/a/b'], ['./c/./d/..', 'http://h/a/'], ['https://x/y', 'http://h/'],
  ['foo'], ['/abs'], ['http://'], ['http:///x'], ['http://h/?'], ['http://h/#'], ['http://h/a/..'], ['http://h/a/.'], ['http://h/%7e~'],
  ["http://h/?a='b'&c=<d>"], ['http://h/#<a>`b`'], ['http://h.com./'], ['http://h/a?b=c&d=e'], ['http://h:65536/'], ['http://h:x/'],
  ['http://[::1]:3000/'], ['http://user:pw@h/'], ['http://h\\x'], ['http://h/\tx'], [' http://h/'], ['file:///tmp/x'], ['mailto:a@b'],
  ['http://bücher.de/'], ['http://h/ü?ü#ü'], ['http://h/\ud800'], ['http:h'], ['localhost:3000'], ['http://H_X.y/'], ['http://h:/'],
  ['x', 'not a url'], ['http://h/a%2fb'], ['http://h/?%zz'], ['http://localhost:3000/api/users?id=1&sort=desc#top'],
];
const show = (u) => JSON.stringify([u.href, u.origin, u.protocol, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.username]);
for (const [input, base] of cases) {
  let out;
  try {
    out = show(base === undefined ? new URL(input) : new URL(input, base));
  } catch (e) {
    out = e.code === undefined && /not available in the embedded runner/.test(e.message) ? 'REFUSED ' + e.message : e.name + ' ' + e.code + ' ' + JSON.stringify(e.input);
  }
  console.log('CASE ' + JSON.stringify([input, base]) + ': ' + out);
}
const params = [
  '?a=1&b=x+y&a=%zz&c=%E9&&d&=e', 'a=%F0%9F%98%80&b=é', '', '?', 'a=b=c', '%41=%42',
];
for (const p of params) {
  const s = new URLSearchParams(p);
  console.log('CASE params ' + JSON.stringify(p) + ': ' + JSON.stringify([[...s], s.toString(), s.size, s.get('a'), s.getAll('a'), s.has('a'), s.has('a', '1')]));
}
const u = new URL('http://h/p?x=1');
u.searchParams.append('y', 'a b');
u.searchParams.set('x', '2');
console.log('CASE linked: ' + JSON.stringify([u.href, u.search]));
u.searchParams.delete('x');
u.searchParams.delete('y');
console.log('CASE linked empty: ' + JSON.stringify([u.href, u.search]));
const s = new URLSearchParams('b=2&a=1&b=1&c=~*');
s.sort();
console.log('CASE sorted: ' + JSON.stringify([s.toString(), String(new URLSearchParams({ a: 1, b: [1, 2] })), String(new URLSearchParams([['a', '1'], ['b', 'é~*']]))]));
console.log('CASE static: ' + JSON.stringify([URL.canParse('x'), URL.canParse('http://x'), URL.canParse('/p', 'http://h'), JSON.stringify(new URL('http://h/x')), String(new URL('http://h/x'))]));
try { new URLSearchParams([['a']]); } catch (e) { console.log('CASE tuple: ' + e.name + ' ' + e.code + ' ' + e.message); }
