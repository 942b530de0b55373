// The value trace's module customization hooks (issue 28, witness value), registered by hook.cjs
// with module.register (Node 20.6+) in each Node process's main thread; Node runs them on a
// thread of their own. When a test file of the oracle imports a module that resolves inside the
// repository and outside node_modules, resolve hands back the URL of a wrapper module of that
// import's own, and load writes the wrapper: it imports the real module by its own URL (one
// instance, shared with every other importer), re-exports `export *` of it (so a name bond did
// not list still reaches the test, unwrapped and live), and exports each listed name through the
// main thread's recorder (esm.cjs). The names are bond's (esm.go, the embedded runner's list);
// a module whose names bond could not list is left as it is and reported, so the trace says so.
//
// What the hooks see goes to the main thread as messages on a port only hook.cjs holds: the test
// files loaded (so a test file that imports nothing of the package still counts as traced) and
// the modules left unwrapped. The main thread reads them at exit with receiveMessageOnPort.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

let S = null;
let port = null;
const tests = new Set();
const testURLs = new Map(); // a test file's URL, without query → its repository path
const wrappers = new Map(); // a wrapper's URL → what it wraps
const told = new Set();
const exts = ['.js', '.cjs', '.mjs', '.jsx', '.ts', '.cts', '.mts', '.tsx'];

export function initialize(data) {
  S = data.settings;
  port = data.port;
  for (const t of S.tests) tests.add(t);
}

function bare(url) {
  let i = url.indexOf('?');
  const j = url.indexOf('#');
  if (i < 0 || (j >= 0 && j < i)) i = j;
  return i < 0 ? url : url.slice(0, i);
}

// rel is the repository path of a file URL, or "" outside the repository or inside node_modules.
function rel(url) {
  if (typeof url !== 'string' || !url.startsWith('file:')) return '';
  let p;
  try { p = fileURLToPath(bare(url)); } catch { return ''; }
  const r = path.relative(S.root, p);
  if (r === '' || r.startsWith('..') || path.isAbsolute(r)) return '';
  if ((path.sep + r + path.sep).includes(path.sep + 'node_modules' + path.sep)) return '';
  return path.sep === '/' ? r : r.split(path.sep).join('/');
}

function tell(kind, text) {
  const key = kind + '\0' + text;
  if (told.has(key)) return;
  told.add(key);
  try { port.postMessage({ kind, text }); } catch { /* the main thread is gone */ }
}

// isTest: the module at repository path r, imported from parent, is a test file of the oracle:
// one of the files the run was asked to run or, when the command picks its own, a repository
// module its runner loaded (the main module, or one imported from outside the repository).
function isTest(r, parent) {
  if (tests.size > 0) return tests.has(r);
  return parent === undefined || rel(parent) === '';
}

export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  try {
    if (S === null || typeof r.url !== 'string') return r;
    const parent = context.parentURL;
    if (!r.url.startsWith('file:')) return r;
    if (typeof parent === 'string' && wrappers.has(parent)) return r; // a wrapper's own import
    const target = rel(r.url);
    if (target === '') return r;
    if (isTest(target, parent)) {
      testURLs.set(bare(r.url), target);
      tell('seen', target);
      return r;
    }
    const file = typeof parent === 'string' ? testURLs.get(bare(parent)) : undefined;
    if (file === undefined || !exts.some((e) => target.endsWith(e))) return r;
    const m = S.modules[target];
    if (m === undefined || m.err) {
      tell('unlisted', file + ' imports ' + target + ', whose exports bond did not list' + (m && m.err ? ' (' + m.err + ')' : ' (bond lists the imports of the test files it can name: the --oracle files or the test files the oracle command names)'));
      return r;
    }
    if (!m.cjs && m.names.length === 0) return r;
    const url = r.url + (r.url.includes('?') ? '&' : '?') + 'bond-value=' + encodeURIComponent(file);
    wrappers.set(url, { real: r.url, file, target, m });
    return { url, format: 'module', shortCircuit: true };
  } catch {
    return r;
  }
}

export async function load(url, context, next) {
  const w = wrappers.get(url);
  if (w === undefined) return next(url, context);
  return { format: 'module', source: source(w), shortCircuit: true };
}

// source is a wrapper module. Its exports are `let` bindings the recorder updates after every
// call it records (the sync function), so an export the package reassigns is seen as the
// package left it when the call returned.
function source(w) {
  const q = JSON.stringify;
  const real = q(w.real);
  if (w.m.cjs) {
    return 'import d from ' + real + ';\nexport * from ' + real + ';\n' +
      'const t = __bond_value_esm(' + q(w.file) + ', ' + q(w.target) + ', d, null, null);\n' +
      'const e0 = t(0);\nexport { e0 as default };\n';
  }
  const names = w.m.names;
  let s = 'import * as ns from ' + real + ';\nexport * from ' + real + ';\n';
  let sync = '';
  const decl = [];
  const list = [];
  for (let i = 0; i < names.length; i++) {
    sync += 'e' + i + ' = t(' + i + '); ';
    decl.push('e' + i + ' = t(' + i + ')');
    list.push('e' + i + ' as ' + q(names[i]));
  }
  s += 'const t = __bond_value_esm(' + q(w.file) + ', ' + q(w.target) + ', ns, ' + q(names) + ', function () { ' + sync + '});\n';
  s += 'let ' + decl.join(', ') + ';\n';
  s += 'export { ' + list.join(', ') + ' };\n';
  return s;
}
