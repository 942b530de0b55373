import { test } from 'node:test';
const v = await Promise.resolve(1);
test('tla', () => v);
