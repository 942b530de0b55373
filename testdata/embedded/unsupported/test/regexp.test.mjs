import { test } from 'node:test';
import assert from 'node:assert';
import { isLetter } from '../src/letters.js';
test('letters', () => assert.ok(isLetter('é')));
