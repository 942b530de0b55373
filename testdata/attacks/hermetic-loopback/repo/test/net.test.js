const test = require('node:test');
const assert = require('node:assert/strict');
const net = require('node:net');
test('a server on loopback answers', async () => {
  const server = net.createServer((s) => s.end('pong'));
  await new Promise((resolve, reject) => server.listen(0, '127.0.0.1', resolve).on('error', reject));
  const got = await new Promise((resolve, reject) => {
    const c = net.connect(server.address().port, '127.0.0.1');
    let data = '';
    c.on('data', (d) => { data += d; }).on('end', () => resolve(data)).on('error', reject);
  });
  server.close();
  assert.equal(got, 'pong');
});
