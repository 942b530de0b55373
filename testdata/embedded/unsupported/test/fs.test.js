import { test } from 'node:test';
import { readFileSync } from 'node:fs';

test('reads a file', () => {
  readFileSync('/etc/hostname');
});
