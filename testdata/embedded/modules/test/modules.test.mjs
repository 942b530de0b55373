import { test } from 'node:test';
import assert from 'node:assert';
import { greet } from '../src/esm.mjs';
import legacy from '../src/legacy.cjs';
import { area, Label, Unit } from '../src/shapes.ts';
import { Badge } from '../src/view.jsx';
import { Card } from '../src/card.tsx';

test('esm', () => assert.strictEqual(greet('bond'), 'hello, bond'));
test('cjs', () => assert.strictEqual(legacy.shout('hi'), 'HI!'));
test('ts', () => {
  assert.strictEqual(area({ kind: 'square', size: 3 }), 9);
  assert.strictEqual(new Label(Unit.Em).render(2), '2em');
});
test('jsx', () => assert.deepStrictEqual(Badge({ text: 'x' }), { tag: 'span', props: { class: 'badge' }, children: ['x'] }));
test('tsx', () => assert.strictEqual(Card({ title: 't' }).children[0], 't'));
