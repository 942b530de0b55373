// An ES-module test file that requires the package through createRequire and imports it too:
// the require is wrapped, which says nothing of the import (bypassed by ../esm/bypass.mjs).
import { createRequire } from 'module';
import { strictEqual } from 'assert';
import { double } from '../src/a.js';

const require = createRequire(import.meta.url);
strictEqual(require('../src/a.js').double(1), 2);
strictEqual(double(2), 4);
