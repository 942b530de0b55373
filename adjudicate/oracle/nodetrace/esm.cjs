  // ----- ES modules (esm.cjs, put into hook.cjs's closure by Prepare) -----
  //
  // An ES-module test file's imports do not go through Module._load: the module customization
  // hooks of esmhooks.mjs (registered here, in the main thread, when bond found ES-module imports
  // among the test files' or cannot name the test files) hand it wrapper modules instead, and a
  // wrapper gets its exports from esmWrap, through the global __bond_value_esm. That global is
  // defined before any test code runs, non-writable and non-configurable: a test cannot replace
  // it, delete it, or shadow it with a global `let` (a script declaring one fails to compile).
  // A test that calls it gets recording proxies of its own values, which can add calls, as the
  // test could by calling the package; it reaches no record. The hooks' messages (the test files
  // they saw load, the imports they left unwrapped) wait on a port only this closure holds.
  let esmPort = null;
  let esmNote = '';
  const syncs = [];
  const unlisted = [];
  const MAX_SYNCS = 10000;
  let receive = null;

  // esmWrap is what a wrapper module of test file `file` gets for the repository module r: a
  // function giving the i-th listed export as the test sees it, wrapped as Module._load wraps a
  // CommonJS module's exports (the default export of a CommonJS module, module.exports, as the
  // whole exports object). sync, the wrapper's own function updating its exports, runs after
  // every call the recorder records (esmSync).
  const wrapped = create(null);
  function esmWrap(file, r, ns, names, sync) {
    if (typeof file !== 'string' || typeof r !== 'string') return function () { return undefined; };
    if (seenTests[file] !== true) { seenTests[file] = true; push(seenList, file); }
    wrapped[file + '\0' + r] = true;
    if (typeof sync === 'function' && syncs.length < MAX_SYNCS) push(syncs, sync);
    const base = r + '#';
    if (!isArray(names)) {
      return function () { return wrap(file, base, ns, true); };
    }
    return function (i) {
      const name = names[i];
      let v;
      try { v = ns[name]; } catch (_) { return undefined; } // a binding not yet initialised
      if (typeof v === 'function') return wrap(file, base + name, v, false);
      if (plainObject(v)) return wrap(file, base + name, v, true);
      return v;
    };
  }

  // esmSync brings every wrapper's exports up to date with the real modules' bindings. Reading a
  // binding runs no code of the package; nothing it does is recorded.
  function esmSync() {
    if (syncs.length === 0) return;
    depth++;
    for (let i = 0; i < syncs.length; i++) {
      try { syncs[i](); } catch (_) { }
    }
    depth--;
  }

  // esmDrain reads what the hooks reported: test files seen load, imports left unwrapped. Then
  // each static import bond listed for a test file seen here must have reached it wrapped: one
  // that did not was resolved past bond's hooks (a loader of the command's own, a runner loading
  // the file with require(esm)), and is named rather than read as no calls.
  function esmDrain() {
    if (esmPort === null || receive === null) return;
    esmDrainPort();
    const imports = S.imports;
    if (imports === null || typeof imports !== 'object') return;
    for (let i = 0; i < seenList.length; i++) {
      const file = seenList[i];
      const list = imports[file];
      if (!isArray(list)) continue;
      for (let j = 0; j < list.length; j++) {
        if (wrapped[file + '\0' + list[j]] !== true) push(unlisted, file + ' imports ' + list[j] + ', which reached it unwrapped (resolved past bond\'s module hooks: by a loader of the command\'s own, or loaded with require)');
      }
    }
  }
  function esmDrainPort() {
    for (let n = 0; n < 100000; n++) {
      let m;
      try { m = receive(esmPort); } catch (_) { return; }
      if (m === undefined) return;
      const msg = m.message;
      if (msg === null || typeof msg !== 'object' || typeof msg.text !== 'string') continue;
      if (msg.kind === 'seen') {
        if (seenTests[msg.text] !== true) { seenTests[msg.text] = true; push(seenList, msg.text); }
      } else if (msg.kind === 'unlisted') {
        push(unlisted, msg.text);
      }
    }
  }

  // esmByImport: mocha 11, where Node has require(esm), loads an ES-module test file with
  // require, and the module customization hooks do not see a graph loaded that way. For mocha's
  // own loader (lib/nodejs/esm-utils.js, whose loading function is async and awaits what require
  // returns), an ES-module test file is imported instead, as mocha itself does on a Node without
  // require(esm); the test file runs the same. undefined: not such a load.
  const readFileSync = fs.readFileSync;
  const parseJSON = JSON.parse;
  const dirname = path.dirname;
  const isAbsolute = path.isAbsolute;
  const mochaLoader = sep + 'mocha' + sep + 'lib' + sep + 'nodejs' + sep + 'esm-utils.js';
  const requireModule = !!(process.features && process.features.require_module);
  let fileURL = null;
  function esModule(file) {
    if (apply(strEndsWith, file, ['.mjs']) || apply(strEndsWith, file, ['.mts'])) return true;
    if (apply(strEndsWith, file, ['.cjs']) || apply(strEndsWith, file, ['.cts'])) return false;
    for (let dir = dirname(file), n = 0; n < 64; dir = dirname(dir), n++) {
      let b = null;
      try { b = apply(readFileSync, fs, [dir + sep + 'package.json', 'utf8']); } catch (_) { b = null; }
      if (b !== null) {
        try { const pkg = parseJSON(b); return pkg !== null && typeof pkg === 'object' && pkg.type === 'module'; } catch (_) { return false; }
      }
      if (dirname(dir) === dir) return false;
    }
    return false;
  }
  function esmByImport(request, parent, isMain) {
    if (esmPort === null || !requireModule || fileURL === null || typeof request !== 'string') return undefined;
    if (!parent || typeof parent.filename !== 'string' || !apply(strEndsWith, parent.filename, [mochaLoader])) return undefined;
    let target;
    try { target = apply(resolveFilename, Module, [request, parent, isMain]); } catch (_) { return undefined; }
    if (typeof target !== 'string' || !isAbsolute(target)) return undefined; // a built-in
    const r = rel(target);
    if (r === '' || !loadable(r) || (anyTests && tests[r] !== true) || !esModule(target)) return undefined;
    return import(fileURL(target).href);
  }

  (function registerESM() {
    if (S.esm !== true) return;
    let wt, url;
    try {
      wt = require('worker_threads');
      url = require('url');
    } catch (_) {
      esmNote = 'worker_threads could not be loaded';
      return;
    }
    // The hooks thread loads this hook too (NODE_OPTIONS reaches it): it registers nothing. A
    // test's worker threads are not traced as ES modules either.
    if (!wt.isMainThread) return;
    // Processes that run no test code pay nothing for hooks they would not use: node --test's
    // orchestrator (on Node 20 each test file runs in a child process of its own) and npm/npx.
    const argv1 = typeof process.argv[1] === 'string' ? process.argv[1] : '';
    const ea = isArray(process.execArgv) ? process.execArgv : [];
    let orchestrator = false;
    for (let i = 0; i < ea.length; i++) {
      if (ea[i] === '--test') orchestrator = true;
      if (typeof ea[i] === 'string' && apply(strIncludes, ea[i], ['test-isolation'])) { orchestrator = false; break; }
    }
    if (orchestrator) return;
    if (apply(strEndsWith, argv1, [sep + 'npm-cli.js']) || apply(strEndsWith, argv1, [sep + 'npx-cli.js'])) return;
    if (typeof Module.register !== 'function') {
      esmNote = 'this Node (' + process.version + ') has no module.register (Node 20.6 or later has)';
      return;
    }
    try {
      defineProperty(globalThis, '__bond_value_esm', { value: esmWrap, writable: false, enumerable: false, configurable: false });
      const ch = new wt.MessageChannel();
      ch.port1.unref();
      receive = wt.receiveMessageOnPort;
      Module.register(url.pathToFileURL(S.hooks).href, {
        data: { settings: { root: S.root, tests: S.tests, modules: S.modules }, port: ch.port2 },
        transferList: [ch.port2],
      });
      esmPort = ch.port1;
      fileURL = url.pathToFileURL;
    } catch (e) {
      esmNote = 'module.register failed: ' + (e && typeof e.message === 'string' ? e.message : 'unknown error');
    }
  })();
