  // ----- test names (names.cjs, put into hook.cjs's closure by Prepare) -----
  //
  // A recorded call names the test that made it ("suite > test", the embedded runner's
  // spelling), so a witness value from a command runner says which test to look at.
  //  - node:test: no name. Handing test files a copy of `node:test` whose registration functions
  //    run each body in an AsyncLocalStorage was tried and taken out: node:test takes a test's
  //    location from the frame that registered it, which through the copy is this hook, so
  //    killed_by read "hook.cjs › suite › test" in traced runs only (TestSubsetRunsSameVerdicts),
  //    and failing tests' stacks carried the hook's frames, pushing their own lines out of the
  //    2 KiB tail (docs/report-schema.md).
  //  - mocha: its Runner's run subscribes to the runner's own test and test end events.
  //  - jest: expect's state, `currentTestName` (jest's spelling: the titles joined by spaces).
  // A name is a label for the reader only: the value detector aligns calls by test file, callee,
  // arguments and rank, never by test name, so a test that mislabels its calls changes no witness.
  const arrJoin = Array.prototype.join;
  let mochaTest = '';

  // currentTest names the test whose body is running, "" when none is known.
  function currentTest() {
    if (jestTest !== null) return jestTest();
    return mochaTest;
  }

  // jestTest, set by jest.cjs, names the running jest test.
  let jestTest = null;

  // mochaRunner subscribes, once, to the runs of mocha's Runner (lib/runner.js's export).
  let mochaPatched = false;
  function mochaRunner(Runner) {
    if (mochaPatched || typeof Runner !== 'function' || Runner.prototype === null || typeof Runner.prototype.run !== 'function') return;
    mochaPatched = true;
    const run = Runner.prototype.run;
    Runner.prototype.run = function () {
      try {
        this.on('test', function (t) {
          try { mochaTest = apply(arrJoin, t.titlePath(), [' > ']); } catch (_) { mochaTest = ''; }
        });
        this.on('test end', function () { mochaTest = ''; });
      } catch (_) { }
      return apply(run, this, arguments);
    };
  }
