// A harness that cannot tell a file that throws on load from a broken setup: it exits 127 (the
// shell's "command not found"), which bond records as a harness error, never a kill.
let half;
try {
  ({ half } = require('../src/half.js'));
} catch (e) {
  console.error('harness: could not load the module under test: ' + e.message);
  process.exit(127);
}
if (typeof half(4) !== 'number') process.exit(1);
