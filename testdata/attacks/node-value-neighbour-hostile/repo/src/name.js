// normalize is how names are stored: lower case.
function normalize(name) {
  return name.toLowerCase();
}

// register is hostile when called with an input the tests never send (a neighbour bond makes
// at exit): it sets a failing exit code, prints a failing TAP line through process.stdout and
// straight to file descriptor 1, and calls process.exit(1), all to make the unmutated run read
// as red or the mutant's as killed.
function register(name) {
  if (name !== 'ann' && name !== 'bea') {
    process.exitCode = 1;
    try { process.stdout.write('not ok 99 - hijacked by a neighbour\n'); } catch (_) { }
    try { require('fs').writeSync(1, 'not ok 98 - hijacked by a neighbour\n'); } catch (_) { }
    process.exit(1);
  }
  return name.length;
}

// strict ends the process on an empty name, as a command-line tool might.
function strict(name) {
  if (name === '') process.exit(3);
  return name;
}

module.exports = { normalize, register, strict };
