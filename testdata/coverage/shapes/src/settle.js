// Statements after a call that throws never run. The embedded runner's statement probes see
// that; V8's block coverage counts a block as a whole and marks them run (a documented residual
// of the V8 source, see adjudicate/oracle/coverage's package comment).
export function settle(fn, log) {
  try {
    fn();
    log.push('ok');
    return;
  } catch (e) {
    log.push('failed: ' + e.message);
  }
}
