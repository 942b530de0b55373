const test = require('node:test');
const assert = require('node:assert');
const url = require('node:url');

// A helper of the kind web libraries test: build an API URL from a base and a query object.
function apiURL(base, path, query) {
  const u = new URL(path, base);
  for (const [k, v] of Object.entries(query)) u.searchParams.append(k, v);
  return u.toString();
}

test('the module and the globals are one URL', () => {
  assert.strictEqual(url.URL, URL);
  assert.strictEqual(url.URLSearchParams, URLSearchParams);
});

test('parts of a URL', () => {
  const u = new URL('HTTP://Example.com:8080/a/./b/../c?x=1&y=two words#frag');
  assert.strictEqual(u.href, 'http://example.com:8080/a/c?x=1&y=two%20words#frag');
  assert.strictEqual(u.origin, 'http://example.com:8080');
  assert.strictEqual(u.host, 'example.com:8080');
  assert.strictEqual(u.port, '8080');
  assert.strictEqual(u.pathname, '/a/c');
  assert.strictEqual(u.search, '?x=1&y=two%20words');
  assert.strictEqual(u.searchParams.get('y'), 'two words');
  assert.strictEqual(u.hash, '#frag');
  assert.strictEqual(new URL('https://h:443/').port, '');
  assert.strictEqual(JSON.stringify({ u: new URL('http://h/x') }), '{"u":"http://h/x"}');
});

test('relative resolution', () => {
  assert.strictEqual(new URL('../c?q', 'http://h/a/b/').href, 'http://h/a/c?q');
  assert.strictEqual(new URL('/root', 'http://h/a/b').href, 'http://h/root');
  assert.strictEqual(new URL('//other/p', 'https://h/a').href, 'https://other/p');
  assert.strictEqual(new URL('#f', 'http://h/a?b#c').href, 'http://h/a?b#f');
  assert.strictEqual(apiURL('http://localhost:3000/api/', 'users', { id: 7, q: 'a&b' }), 'http://localhost:3000/api/users?id=7&q=a%26b');
});

test('invalid URLs throw ERR_INVALID_URL', () => {
  assert.throws(() => new URL('not a url'), { name: 'TypeError', code: 'ERR_INVALID_URL', input: 'not a url' });
  assert.throws(() => new URL('/p'), { code: 'ERR_INVALID_URL' });
  assert.throws(() => new URL('x', 'nope'), { code: 'ERR_INVALID_URL', input: 'x', base: 'nope' });
  assert.strictEqual(URL.canParse('/p'), false);
  assert.strictEqual(URL.canParse('/p', 'http://h'), true);
});

test('URLSearchParams', () => {
  const p = new URLSearchParams('?a=1&b=x+y&a=%zz&c=%E9');
  assert.deepStrictEqual([...p], [['a', '1'], ['b', 'x y'], ['a', '%zz'], ['c', '\ufffd']]);
  assert.deepStrictEqual(p.getAll('a'), ['1', '%zz']);
  assert.strictEqual(p.get('nope'), null);
  assert.strictEqual(p.size, 4);
  p.set('a', '2');
  p.delete('c');
  p.sort();
  assert.strictEqual(p.toString(), 'a=2&b=x+y');
  assert.strictEqual(String(new URLSearchParams({ q: 'é ~*', n: [1, 2] })), 'q=%C3%A9+%7E*&n=1%2C2');
  const seen = [];
  new URLSearchParams('k=v&k2=v2').forEach((v, k) => seen.push(k + ':' + v));
  assert.deepStrictEqual(seen, ['k:v', 'k2:v2']);
  assert.throws(() => new URLSearchParams([['a']]), { code: 'ERR_INVALID_TUPLE' });
});

test('a URL and its searchParams stay in step', () => {
  const u = new URL('http://h/p?x=1');
  u.searchParams.append('y', 'a b');
  assert.strictEqual(u.href, 'http://h/p?x=1&y=a+b');
  u.searchParams.delete('x');
  u.searchParams.delete('y');
  assert.strictEqual(u.href, 'http://h/p');
});

test('a deliberately failing url test', () => {
  assert.strictEqual(new URL('http://h/a b').pathname, '/a b');
});
