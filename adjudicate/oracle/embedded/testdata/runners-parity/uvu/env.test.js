import { test } from 'uvu';
import { is } from 'uvu/assert';

// uvu's CLI sets FORCE_COLOR=1 in its own process before it loads the test files (its --color
// is on by default), so a library deciding on colours from the environment colours its output.
test('the CLI turns colours on', () => {
  is(process.env.FORCE_COLOR, '1');
});

test('fails on purpose', () => {
  is(process.env.FORCE_COLOR, 'off');
});

test.run();
