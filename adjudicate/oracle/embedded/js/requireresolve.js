// requireresolve: require.resolve and require.cache, for the one way tests use them:
// `delete require.cache[require.resolve('..')]` before a require that must load the module
// afresh (browserslist's tests). Part of the embedded runtime; loader.js installs them on require.
//
// require.resolve(spec) resolves as Node's require does for a path: from the directory of the
// file whose code calls it, spec as a file (exactly, then with .js, .json, .node), else as a
// directory (its package.json "main" as a file or a directory's index, else index.js,
// index.json, index.node), to an absolute path, every stat read recorded as a node:fs read is.
// A built-in's name resolves to itself, as in Node. A package name (resolved through
// node_modules and "exports" maps) and the paths option are refused by name, and so is a path
// that leaves the repository.
//
// require.cache is a view, not Node's module table: the bundle keeps its own. Deleting an entry
// is what Node does only when the module has not run yet (then the next require runs it, here
// as there); whether it has is read off the run's probes inside the module's wrapper in the
// bundle (host.moduleRan, requirecache.go). Deleting the entry of a module that has run, reading
// an entry, listing or setting entries refuse the run by name: Node would load that module
// again, the bundle would not.
  // ---------------------------------------------------------------- require.resolve, require.cache
  function resolveForRequire(spec, options) {
    if (options !== undefined) return refuse('require.resolve with options (paths)');
    if (typeof spec !== 'string') {
      throw new NodeTypeError('ERR_INVALID_ARG_TYPE', 'The "request" argument must be of type string. Received ' + receivedText(spec));
    }
    const bare = spec.replace(/^node:/, '');
    if (spec.startsWith('node:') || nodeBuiltinNames.includes(bare)) return spec;
    if (!(spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..' || spec.startsWith('/'))) {
      return refuse('require.resolve of a package name (' + JSON.stringify(spec) + ')');
    }
    const from = host.callerFile();
    if (!from) return refuse('require.resolve from a file outside the repository');
    const base = pathModule.resolve(host.cwd, pathModule.dirname(from), spec);
    const kind = (abs) => {
      const [code, st] = host.fsStat(abs, true);
      if (code === 'outside') return refuse('require.resolve of a path outside the repository');
      return code ? '' : st.kind;
    };
    const asFile = (p) => {
      for (const cand of [p, p + '.js', p + '.json', p + '.node']) if (kind(cand) === 'file') return cand;
      return '';
    };
    const index = (p) => ['index.js', 'index.json', 'index.node'].map((n) => pathModule.join(p, n)).find((c) => kind(c) === 'file') || '';
    const asDir = (p) => {
      if (kind(p) !== 'dir') return '';
      const pkgPath = pathModule.join(p, 'package.json');
      if (kind(pkgPath) === 'file') {
        const [code, ab] = host.fsRead(pkgPath);
        let main;
        if (!code) {
          try { main = JSON.parse(makeBuffer().Buffer.from(ab).toString()).main; } catch (e) { return refuse('require.resolve through a package.json that is not JSON'); }
        }
        if (typeof main === 'string' && main) {
          const m = pathModule.resolve(p, main);
          const hit = asFile(m) || (kind(m) === 'dir' ? index(m) : '');
          if (hit) return hit;
        }
      }
      return index(p) || '';
    };
    // Node reads "x/", ".", "..", "x/." and "x/.." as directories only.
    const dirOnly = /\/$|(?:^|\/)\.\.?$/.test(spec);
    const found = (dirOnly ? '' : asFile(base)) || asDir(base);
    if (!found) {
      const e = new Error("Cannot find module '" + spec + "'\nRequire stack:\n- " + pathModule.join(host.cwd, from));
      e.code = 'MODULE_NOT_FOUND';
      throw e;
    }
    return found;
  }
  const nodeBuiltinNames = ['assert', 'assert/strict', 'async_hooks', 'buffer', 'child_process', 'cluster', 'console', 'constants',
    'crypto', 'dgram', 'diagnostics_channel', 'dns', 'dns/promises', 'domain', 'events', 'fs', 'fs/promises', 'http', 'http2', 'https',
    'inspector', 'module', 'net', 'os', 'path', 'path/posix', 'path/win32', 'perf_hooks', 'process', 'punycode', 'querystring',
    'readline', 'readline/promises', 'repl', 'stream', 'stream/consumers', 'stream/promises', 'stream/web', 'string_decoder', 'sys',
    'timers', 'timers/promises', 'tls', 'trace_events', 'tty', 'url', 'util', 'util/types', 'v8', 'vm', 'wasi', 'worker_threads', 'zlib'];

  function makeRequireCache() {
    return new Proxy({}, {
      deleteProperty(target, key) {
        if (typeof key !== 'string' || !key.startsWith('/')) return true; // no module has such a key
        const rel = pathModule.relative(host.cwd, key);
        if (rel.startsWith('..')) return true; // the bundle has no module outside the repository
        // esbuild names a linked package's modules by their real paths, not this one: whether
        // such a module ran is not read here.
        if (/(^|\/)node_modules\//.test(rel)) return refuse('delete require.cache of a module under node_modules');
        if (host.moduleRan(rel)) return refuse('delete require.cache of a module that has run (' + rel + ')');
        return true;
      },
      get(target, key) {
        if (typeof key === 'symbol') return undefined;
        return refuse('reading require.cache');
      },
      set() { return refuse('setting require.cache'); },
      has() { return refuse('reading require.cache'); },
      ownKeys() { return refuse('listing require.cache'); },
      defineProperty() { return refuse('setting require.cache'); },
    });
  }
