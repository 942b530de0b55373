// What libraries ask of node:tty under a test runner, where no descriptor is a terminal:
// isatty of the standard descriptors and of odd values, the classes' shapes, instanceof probes.
// The last test fails on purpose.
const test = require('node:test');
const assert = require('node:assert');
const tty = require('node:tty');
const ttyBare = require('tty');

test('isatty of the standard descriptors is false', () => {
  assert.strictEqual(tty.isatty(0), false);
  assert.strictEqual(tty.isatty(1), false);
  assert.strictEqual(tty.isatty(2), false);
  assert.strictEqual(tty.isatty(process.stderr.fd), false);
  assert.strictEqual(tty.isatty(process.stdout.fd), false);
});

test('isatty of values that are not descriptors is false', () => {
  assert.strictEqual(tty.isatty(-1), false);
  assert.strictEqual(tty.isatty(1.5), false);
  assert.strictEqual(tty.isatty('1'), false);
  assert.strictEqual(tty.isatty(undefined), false);
  assert.strictEqual(tty.isatty(2 ** 40), false);
});

test('the standard streams say they are not terminals', () => {
  // isTTY is a tty.WriteStream's own property: a file or pipe has none.
  assert.strictEqual(process.stdout.isTTY, undefined);
  assert.strictEqual(process.stderr.isTTY, undefined);
  assert.ok(!('isTTY' in process.stderr));
  assert.strictEqual(process.stderr.fd, 2);
  assert.strictEqual(process.stdout.fd, 1);
});

test('the classes have the shapes libraries probe', () => {
  assert.strictEqual(typeof tty.WriteStream, 'function');
  assert.strictEqual(typeof tty.ReadStream, 'function');
  assert.strictEqual(typeof tty.WriteStream.prototype.hasColors, 'function');
  assert.strictEqual(typeof tty.WriteStream.prototype.getColorDepth, 'function');
  assert.strictEqual(typeof tty.ReadStream.prototype.setRawMode, 'function');
  assert.strictEqual(process.stderr instanceof tty.WriteStream, false);
  assert.strictEqual({} instanceof tty.ReadStream, false);
  assert.strictEqual(ttyBare.isatty, tty.isatty);
});

test('a library choosing colours by isatty chooses none', () => {
  const useColors = () => 'colors' in {} ? true : tty.isatty(process.stderr.fd);
  assert.strictEqual(useColors(), false);
});

test('deliberate failure: isatty(2) is not true here', () => {
  assert.strictEqual(tty.isatty(2), true);
});
