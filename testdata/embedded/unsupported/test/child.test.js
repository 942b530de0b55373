import { test } from 'node:test';
import { execSync } from 'node:child_process';

test('runs a process', () => {
  execSync('true');
});
