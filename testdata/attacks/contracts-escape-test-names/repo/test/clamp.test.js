const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/clamp.js');

test('below the range gives lo', () => { assert.equal(clamp(-5, 0, 10), 0); });

// A name built to act on whatever prints it: a hyperlink, a screen clear, a title, a carriage
// return over the line, and a GitHub Actions workflow command.
const hostile = '\x1b]8;;https://evil.example/\x07click\x1b]8;;\x07 \x1b[2J\x1b]0;owned\x07\r::error::injected';
test(hostile, () => { assert.equal(clamp(-1, 0, 10), 0); });
