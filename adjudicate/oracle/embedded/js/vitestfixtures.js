// vitestfixtures: vitest's test context fixtures, `test.extend({ name: value | async (ctx, use) =>
// { …; await use(v); … } })`, with vitest's rules (1.x to 3.x agree on these): a fixture is set up
// only when the test's first parameter destructures it, or a fixture it depends on does (a
// fixture's dependencies are what its own first parameter destructures); a static value is put
// on the context as it is; a function's value is what it passes to use(), and what follows
// use() is its teardown, run after the test's afterEach hooks, the last set up torn down first;
// a fixture function that throws before use() fails the test with that error; extend on an
// extended test adds to its fixtures. The test's first parameter must destructure when any
// fixture exists (vitest's error otherwise); a test with no parameter gets none set up.
//
// What vitest reads from a function's source (it parses fn.toString()) is read here the same
// way, from the bundled source esbuild leaves: a destructuring of keys, with renames
// (`{ store: s }`) and defaults. What is not served is refused by name: fixture options (the
// `[value, { auto, scope, injected }]` form), redefining a fixture a base test already has
// (vitest's rules for that changed between versions), and the modifiers on an extended test
// other than skip, only, todo, skipIf and runIf (each, for, concurrent, fails, scoped).
// Part of the embedded runtime.
  // ---------------------------------------------------------------- vitest fixtures
  // fixtureParams returns the names fn's first parameter destructures, [] when fn has no
  // parameter, or throws vitest's error when the first parameter is not a destructuring.
  function fixtureParams(fn) {
    const src = Function.prototype.toString.call(fn);
    let i = 0;
    const skipSpace = () => { while (i < src.length && /\s/.test(src[i])) i++; };
    skipSpace();
    if (src.startsWith('async', i) && !/[\w$]/.test(src[i + 5] || '')) { i += 5; skipSpace(); }
    // esbuild prints every arrow function's parameters in parentheses, so `ctx => …` reads as
    // `(ctx) => …` here. vitest reads the untransformed source of a .js test file, where it takes
    // the body's first parenthesis instead: both fail such a test whenever the body has a call,
    // with different messages. Residual: a body with no parenthesis at all runs under vitest with
    // no fixture set up, and fails here.
    if (src.startsWith('function', i)) i = src.indexOf('(', i);
    if (i < 0 || src[i] !== '(') return [];
    // The parameter list: from the "(" to its matching ")", split at top-level commas.
    const params = [];
    let depth = 0, start = i + 1, quote = '';
    for (let j = i; j < src.length; j++) {
      const c = src[j];
      if (quote) { if (c === '\\') j++; else if (c === quote) quote = ''; continue; }
      if (c === '"' || c === "'" || c === '`') { quote = c; continue; }
      if (c === '(' || c === '{' || c === '[') depth++;
      else if (c === ')' || c === '}' || c === ']') {
        depth--;
        if (depth === 0) { params.push(src.slice(start, j)); break; }
      } else if (c === ',' && depth === 1) { params.push(src.slice(start, j)); start = j + 1; }
    }
    const first = (params[0] || '').trim();
    if (first === '') return [];
    if (!(first.startsWith('{') && first.endsWith('}'))) {
      throw new Error('The first argument inside a fixture must use object destructuring pattern, e.g. ({ test } => {}). Instead, received "' + first + '".');
    }
    const names = [];
    let d = 0, s = 1;
    const inner = first.slice(0, -1) + ',';
    for (let j = 1; j < inner.length; j++) {
      const c = inner[j];
      if (c === '(' || c === '{' || c === '[') d++;
      else if (c === ')' || c === '}' || c === ']') d--;
      else if (c === ',' && d === 0) {
        const part = inner.slice(s, j).trim();
        s = j + 1;
        if (part === '') continue;
        if (part.startsWith('...')) throw new Error('Rest parameters are not supported in fixtures, received "' + part + '".');
        names.push(part.replace(/\s*[:=][\s\S]*$/, '').replace(/^["']|["']$/g, ''));
      }
    }
    return names;
  }

  // vitestExtend makes the test function of an extended test: base's declarations, each test
  // body wrapped to set its fixtures up first.
  function vitestExtend(declareWith, inherited, defs) {
    const fixtures = inherited.slice();
    for (const prop of Object.keys(defs || {})) {
      const value = defs[prop];
      if (fixtures.some((f) => f.prop === prop)) refuse('test.extend redefining the fixture "' + prop + '"');
      if (Array.isArray(value)) refuse('test.extend fixture options ([value, { auto, scope, … }])');
      fixtures.push({ prop, value, isFn: typeof value === 'function' });
    }
    for (const f of fixtures) {
      if (f.isFn && !f.deps) f.deps = fixtureParams(f.value);
    }
    const wrap = (fn) => {
      if (typeof fn !== 'function') return fn;
      return function (context) {
        return setUpFixtures(fixtures, fn, context).then(() => fn.call(this, context));
      };
    };
    const withWrap = (decl) => (name, fn, timeout) => decl(name, wrap(fn), timeout);
    const api = withWrap(declareWith);
    api.skip = withWrap(declareWith.skip);
    api.only = withWrap(declareWith.only);
    api.todo = declareWith.todo;
    api.skipIf = (cond) => (cond ? api.skip : api);
    api.runIf = (cond) => (cond ? api : api.skip);
    api.extend = (more) => vitestExtend(declareWith, fixtures, more);
    refuseMembers(api, 'test.extend(…)', ['each', 'for', 'concurrent', 'sequential', 'fails', 'scoped']);
    return api;
  }

  // setUpFixtures puts on context the fixtures fn destructures and what they depend on, in
  // dependency order, and registers their teardowns on the running test (jRunTest runs them
  // after the afterEach hooks).
  async function setUpFixtures(fixtures, fn, context) {
    if (!fixtures.length) return;
    const used = fixtureParams(fn);
    if (!used.length) return;
    const byName = new Map(fixtures.map((f) => [f.prop, f]));
    const order = [];
    const visit = (f, path) => {
      if (order.includes(f)) return;
      if (path.includes(f)) throw new Error('Circular fixture dependency detected: ' + path.concat([f]).map((x) => x.prop).join(' <- '));
      for (const d of f.deps || []) if (byName.has(d)) visit(byName.get(d), path.concat([f]));
      order.push(f);
    };
    for (const name of used) if (byName.has(name)) visit(byName.get(name), []);
    const test = jRunning;
    if (!test.fixtureCleanups) test.fixtureCleanups = [];
    for (const f of order) {
      if (!f.isFn) { context[f.prop] = f.value; continue; }
      context[f.prop] = await new Promise((resolve, reject) => {
        let called = false;
        let release;
        const done = f.value(context, (v) => {
          called = true;
          resolve(v);
          return new Promise((r) => { release = r; });
        });
        const settled = Promise.resolve(done).catch((e) => { if (!called) reject(e); else throw e; });
        test.fixtureCleanups.push(async () => { if (release) release(); await settled; });
      });
    }
  }
