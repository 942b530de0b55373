// An ES-module test file that imports nothing of the package: it still counts as traced.
import test from 'node:test';
test('nothing', () => {});
