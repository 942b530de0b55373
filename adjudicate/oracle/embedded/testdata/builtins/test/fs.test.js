const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const fsp = require('fs/promises');
const path = require('path');
const { pathToFileURL, fileURLToPath } = require('url');
const { loadConfig, ownDir } = require('../src/config.js');

const data = path.join(__dirname, '..', 'data');

test('__dirname and __filename name this file', () => {
  assert.equal(path.basename(__filename), 'fs.test.js');
  assert.equal(path.basename(__dirname), 'test');
  assert.equal(__filename, path.join(process.cwd(), 'test', 'fs.test.js'));
});

test('a library module sees its own __dirname', () => {
  assert.equal(ownDir(), 'src');
});

test('readFileSync as text and as a Buffer', () => {
  assert.equal(fs.readFileSync(path.join(data, 'words.txt'), 'utf8'), 'alpha\nbeta\n');
  assert.equal(fs.readFileSync(path.join(data, 'words.txt'), { encoding: 'utf-8' }), 'alpha\nbeta\n');
  const buf = fs.readFileSync(path.join(data, 'words.txt'));
  assert.ok(Buffer.isBuffer(buf));
  assert.equal(buf.length, 11);
  assert.equal(fs.readFileSync(path.join(data, 'words.txt'), 'hex').slice(0, 4), '616c');
});

test('a relative path reads from the working directory', () => {
  assert.equal(fs.readFileSync('data/sub/inner.txt', 'utf8'), 'inner\n');
});

test('a library reads its config', () => {
  assert.deepEqual(loadConfig(data), { name: 'fixture', n: 3 });
  assert.equal(loadConfig(path.join(data, 'sub')), null);
});

test('a missing file is ENOENT', () => {
  const p = path.join(data, 'nope.txt');
  assert.throws(() => fs.readFileSync(p), (e) => {
    assert.equal(e.code, 'ENOENT');
    assert.equal(e.errno, -2);
    assert.equal(e.syscall, 'open');
    assert.equal(e.path, p);
    assert.equal(e.message, "ENOENT: no such file or directory, open '" + p + "'");
    return true;
  });
  assert.equal(fs.existsSync(p), false);
  assert.equal(fs.statSync(p, { throwIfNoEntry: false }), undefined);
});

test('reading a directory is EISDIR', () => {
  assert.throws(() => fs.readFileSync(data), (e) => {
    assert.equal(e.code, 'EISDIR');
    assert.equal(e.message, 'EISDIR: illegal operation on a directory, read');
    return true;
  });
});

test('stat, lstat and a link', () => {
  const st = fs.statSync(path.join(data, 'words.txt'));
  assert.equal(st.isFile(), true);
  assert.equal(st.isDirectory(), false);
  assert.equal(st.size, 11);
  assert.equal(fs.statSync(data).isDirectory(), true);
  assert.equal(fs.lstatSync(path.join(data, 'link.txt')).isSymbolicLink(), true);
  assert.equal(fs.statSync(path.join(data, 'link.txt')).isSymbolicLink(), false);
  assert.equal(fs.statSync(path.join(data, 'link.txt')).size, 11);
  assert.ok(st instanceof fs.Stats);
  assert.throws(() => fs.statSync(path.join(data, 'nope')), { code: 'ENOENT', syscall: 'stat' });
});

test('readdirSync lists names and entries', () => {
  assert.deepEqual(fs.readdirSync(data).sort(), ['config.json', 'link.txt', 'sub', 'words.txt']);
  const ents = fs.readdirSync(data, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  assert.deepEqual(ents.map((e) => [e.name, e.isFile(), e.isDirectory(), e.isSymbolicLink()]), [
    ['config.json', true, false, false], ['link.txt', false, false, true], ['sub', false, true, false], ['words.txt', true, false, false],
  ]);
  assert.throws(() => fs.readdirSync(path.join(data, 'words.txt')), (e) => e.code === 'ENOTDIR' && e.message === "ENOTDIR: not a directory, scandir '" + path.join(data, 'words.txt') + "'");
});

test('realpathSync resolves a link inside the tree', () => {
  assert.equal(fs.realpathSync(path.join(data, 'link.txt')), path.join(fs.realpathSync(data), 'words.txt'));
  assert.equal(fs.realpathSync.native(path.join(data, 'sub', '..', 'words.txt')), path.join(fs.realpathSync(data), 'words.txt'));
});

test('accessSync for reading', () => {
  fs.accessSync(path.join(data, 'words.txt'));
  fs.accessSync(path.join(data, 'words.txt'), fs.constants.R_OK);
  assert.throws(() => fs.accessSync(path.join(data, 'nope')), { code: 'ENOENT', syscall: 'access' });
});

test('a file: URL names a file', () => {
  const u = pathToFileURL(path.join(data, 'words.txt'));
  assert.equal(u.href, 'file://' + path.join(data, 'words.txt'));
  assert.equal(fileURLToPath(u), path.join(data, 'words.txt'));
  assert.equal(fs.readFileSync(u, 'utf8'), 'alpha\nbeta\n');
  assert.equal(fileURLToPath('file:///a/b%20c'), '/a/b c');
});

test('the promise forms', async () => {
  assert.equal(await fsp.readFile(path.join(data, 'words.txt'), 'utf8'), 'alpha\nbeta\n');
  assert.equal((await fs.promises.stat(data)).isDirectory(), true);
  assert.deepEqual((await fsp.readdir(path.join(data, 'sub'))), ['inner.txt']);
  await assert.rejects(fsp.readFile(path.join(data, 'nope')), { code: 'ENOENT' });
});

test('the callback forms run after the current turn', async () => {
  const order = [];
  await new Promise((resolve, reject) => {
    fs.readFile(path.join(data, 'words.txt'), 'utf8', (err, text) => {
      if (err) return reject(err);
      order.push('read ' + text.length);
      fs.stat(path.join(data, 'nope'), (err2) => {
        order.push('stat ' + err2.code);
        resolve();
      });
    });
    order.push('sync');
  });
  assert.deepEqual(order, ['sync', 'read 11', 'stat ENOENT']);
});

test('a deliberate failure', () => {
  assert.equal(fs.readFileSync(path.join(data, 'words.txt'), 'utf8'), 'gamma\n');
});
