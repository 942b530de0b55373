// uvu: uvu 0.5's test API (`import { test, suite } from 'uvu'`) and its runner, as the uvu CLI
// runs a file: suite() and test() declare, test.run() queues the suite, and after the file has
// loaded the queued suites run in order — before hooks, each test between its before.each and
// after.each hooks, after hooks. uvu's own quirks are kept, since they decide what passes: a
// throwing before hook (or an after.each hook throwing while a failure is handled) ends its
// suite without a failure, as uvu's runner returns from a finally block that swallows it; a
// throwing after hook ends the whole run as a failure; test.skip only counts; a suite never
// .run() never runs. `uvu/assert` is not here: the bundle takes the real package from
// node_modules. Tests are named "suite > test", or "test" in uvu's unnamed default suite.
// Part of the embedded runtime.

  const uvuQueue = []; // the suites test.run() queued, in order: {ctx, name}
  const uvuState = { current: undefined, stopped: false, running: false };
  const uvuContext = (state) => ({ tests: [], before: [], after: [], bEach: [], aEach: [], only: [], skips: [], state });

  function uvuSetup(ctx, name) {
    ctx.state.__test__ = '';
    ctx.state.__suite__ = name;
    const into = (key) => (title, handler) => { ctx[key].push({ name: title, handler }); };
    const hook = (key) => (handler) => { ctx[key].push(handler); };
    const test = into('tests');
    test.before = hook('before');
    test.before.each = hook('bEach');
    test.after = hook('after');
    test.after.each = hook('aEach');
    test.only = into('only');
    test.skip = (title) => { ctx.skips.push(title === undefined ? '(skipped)' : String(title)); };
    test.run = () => {
      const copy = Object.assign({}, ctx);
      Object.assign(ctx, uvuContext(copy.state));
      uvuQueue.push({ ctx: copy, name });
    };
    return test;
  }
  const uvuSuite = (name = '', state = {}) => uvuSetup(uvuContext(state), name);
  const uvuModule = {
    suite: uvuSuite,
    test: uvuSuite(),
    exec: () => {
      host.refuse('uvu exec()');
      throw new Error("uvu's exec() is not available in the embedded runner (it runs the queued suites itself); use --runner node");
    },
  };

  function uvuName(suite, title) { return suite ? suite + ' > ' + title : String(title); }

  function uvuRecord(suite, title, status, err, start) {
    const r = { file: host.entry, name: uvuName(suite, title), status, error: err === undefined ? '' : errorText(err), durationMs: start === undefined ? 0 : now() - start, depth: suite ? 1 : 0, todo: false };
    results.push(r);
    if (host.bail && status === 'fail') bailed = true;
    host.write(1, (status === 'pass' ? '  • ' : status === 'fail' ? '  ✘ ' : '  - ') + r.name + '\n');
    if (status === 'fail') host.write(1, r.error.split('\n').map((l) => '      ' + l).join('\n') + '\n');
    return r;
  }

  // uvuRunSuite runs one queued suite as uvu's runner does; a throw from its after hooks leaves
  // it (and ends the run).
  async function uvuRunSuite(ctx, name) {
    const arr = ctx.only.length ? ctx.only : ctx.tests;
    try {
      for (const h of ctx.before) await h(ctx.state);
      for (const t of arr) {
        if (bailed || uvuState.stopped) break;
        ctx.state.__test__ = t.name;
        uvuState.current = { suite: name, title: t.name };
        const start = now();
        try {
          for (const h of ctx.bEach) await h(ctx.state);
          await t.handler(ctx.state);
          for (const h of ctx.aEach) await h(ctx.state);
          if (uvuState.current) uvuRecord(name, t.name, 'pass', undefined, start);
        } catch (err) {
          for (const h of ctx.aEach) await h(ctx.state);
          if (uvuState.current) uvuRecord(name, t.name, 'fail', err, start);
        }
        uvuState.current = undefined;
      }
    } catch (swallowed) {
      // uvu returns from the finally block below, which discards this error: the suite's other
      // tests do not run, nothing fails, and uvu reports none of them.
      uvuState.current = undefined;
    }
    ctx.state.__test__ = '';
    for (const title of ctx.skips) uvuRecord(name, title, 'skip');
    if (ctx.only.length) for (const t of ctx.tests) uvuRecord(name, t.name, 'skip');
    for (const h of ctx.after) await h(ctx.state);
  }

  // uvuRun runs the file's queued suites in order, as the uvu CLI runs them after loading it.
  async function uvuRun() {
    uvuState.running = true;
    for (const { ctx, name } of uvuQueue) {
      if (bailed || uvuState.stopped) break;
      try {
        await uvuRunSuite(ctx, name);
      } catch (err) {
        // uvu's exec rejects: the CLI prints the error and exits 1; no later suite runs.
        uvuRecord(name, name ? '(after hook)' : host.entry, 'fail', err);
        uvuState.stopped = true;
      }
    }
    uvuState.running = false;
    const n = (s) => results.filter((r) => r.status === s).length;
    host.write(1, '\n  Total:     ' + (n('pass') + n('fail')) + '\n  Passed:    ' + n('pass') + '\n  Skipped:   ' + n('skip') + '\n');
  }

  // uvuUncaught: an error thrown from a timer or left unhandled ends the process under uvu
  // (Node exits 1): the running test fails with it, or the file does, and nothing more runs.
  function uvuUncaught(err) {
    if (host.framework !== 'uvu') return false;
    const c = uvuState.current;
    uvuState.current = undefined;
    uvuState.stopped = true;
    if (c) uvuRecord(c.suite, c.title, 'fail', err);
    else fileFailure(err, 'uncaught');
    return true;
  }

  // uvuFinish fails the test still running when the loop ran dry or the run was stopped (uvu
  // exits 1, "Exiting early before testing is finished").
  function uvuFinish(reason) {
    if (host.framework !== 'uvu' || !uvuState.running) return;
    const c = uvuState.current;
    uvuState.current = undefined;
    if (c) uvuRecord(c.suite, c.title, 'fail', new Error(reason));
    else fileFailure(new Error(reason), 'unfinished');
  }
