// The warm jest worker's transformer (docs/warm-workers.md): every entry of the project's
// resolved `transform` is replaced by this module with the entry's own transformer as its
// option, so jest keeps transforming every file as the project configured it. For the one file
// the current run names, and only when the bytes jest hands the transformer are the bytes bond
// placed (their sha256), it appends the run's probe statement to the transformed code and puts
// the run's token in the cache key, so no transform cached in an earlier run can be served for
// it. The harness sets the run's probe on a process-wide symbol before each run; the transformer
// never judges anything.
'use strict';
const { createHash } = require('node:crypto');
const { realpathSync } = require('node:fs');

const KEY = Symbol.for('warm-jest-probe');

function realOf(p) {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

// target is the current run's probe when filename is its file and src its bytes, else null.
function target(src, filename) {
  const p = globalThis[KEY];
  if (!p || realOf(filename) !== p.path) return null;
  const sum = createHash('sha256').update(typeof src === 'string' ? src : String(src)).digest('hex');
  return sum === p.sha256 ? p : null;
}

function stamp(out, p) {
  const stmt = `;globalThis.process.getBuiltinModule("node:fs").appendFileSync(${JSON.stringify(p.file)}, ${JSON.stringify(p.token + '\n')});\n`;
  if (typeof out === 'string') return out + '\n' + stmt;
  return { ...out, code: `${out.code}\n${stmt}` };
}

async function load(inner) {
  // No transformer of the project's: the code as jest read it (jest.cjs's IDENTITY entry).
  if (!inner.path) return { process: (src) => ({ code: src }) };
  let mod;
  try {
    mod = require(inner.path);
  } catch (err) {
    if (err && err.code !== 'ERR_REQUIRE_ESM') throw err;
    mod = await import(require('node:url').pathToFileURL(inner.path).href);
  }
  if (mod && mod.__esModule && mod.default && !mod.process && !mod.processAsync && !mod.createTransformer) mod = mod.default;
  if (mod && typeof mod.createTransformer === 'function') mod = await mod.createTransformer(inner.options);
  return mod;
}

module.exports = {
  async createTransformer(cfg) {
    const inner = await load(cfg);
    const opts = (o) => ({ ...o, transformerConfig: cfg.options });
    const key = (k, src, filename, o) => {
      const base = k != null ? String(k)
        : createHash('sha1').update(src).update(o.configString ?? '').update(o.instrument ? 'instrument' : '').update(filename).digest('hex');
      const p = target(src, filename);
      return p ? base + ':' + p.token : base;
    };
    const t = { canInstrument: Boolean(inner.canInstrument) };
    if (typeof inner.process === 'function') {
      t.process = (src, filename, o) => {
        const out = inner.process(src, filename, opts(o));
        const p = target(src, filename);
        return p ? stamp(out, p) : out;
      };
    }
    if (typeof inner.processAsync === 'function' || typeof inner.process === 'function') {
      t.processAsync = async (src, filename, o) => {
        const out = typeof inner.processAsync === 'function' ? await inner.processAsync(src, filename, opts(o)) : inner.process(src, filename, opts(o));
        const p = target(src, filename);
        return p ? stamp(out, p) : out;
      };
    }
    t.getCacheKey = (src, filename, o) => key(typeof inner.getCacheKey === 'function' ? inner.getCacheKey(src, filename, opts(o)) : null, src, filename, o);
    t.getCacheKeyAsync = async (src, filename, o) => {
      const f = inner.getCacheKeyAsync ?? inner.getCacheKey;
      return key(typeof f === 'function' ? await f.call(inner, src, filename, opts(o)) : null, src, filename, o);
    };
    return t;
  },
};
