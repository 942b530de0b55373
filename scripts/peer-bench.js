// Helper of scripts/peer-bench: writes Stryker's config from bond's plan, and compares the two
// tools' reports. Node built-ins only.
//   node peer-bench.js config PLAN.json RUNNER JOBS ORACLE_CMD TEST_FILE…
//   node peer-bench.js compare BOND.json BOND.time STRYKER.json STRYKER.time RUNNER JOBS
'use strict';
const fs = require('fs');

const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'config') config(...args);
else if (cmd === 'compare') compare(...args);
else { console.error('peer-bench.js: want config or compare'); process.exit(2); }

// config prints stryker.config.json: mutate = exactly the added lines of the files bond plans.
function config(planPath, runner, jobs, oracle, ...tests) {
  const plan = JSON.parse(fs.readFileSync(planPath, 'utf8'));
  const mutate = [];
  for (const f of plan.files || []) {
    const lines = [...(f.added || [])].sort((a, b) => a - b);
    for (let i = 0; i < lines.length; ) {
      let j = i;
      while (j + 1 < lines.length && lines[j + 1] === lines[j] + 1) j++;
      mutate.push(`${f.path}:${lines[i]}-${lines[j]}`);
      i = j + 1;
    }
  }
  // Stryker's jest runner refuses perTest coverage before jest 24 (dayjs pins jest 23): there
  // it runs every mutant against the whole oracle, which is the best it can do on that suite.
  const oldJest = runner === 'jest' && majorOf('jest') < 24;
  if (oldJest) console.error(`peer-bench.js: jest ${majorOf('jest')} is older than 24: Stryker runs with coverageAnalysis off`);
  const c = {
    mutate, testRunner: runner, concurrency: Number(jobs), reporters: ['json'],
    coverageAnalysis: runner === 'command' || oldJest ? 'off' : 'perTest', cleanTempDir: true,
    // Stryker's tsconfig rewriting calls the TypeScript JS API, which TypeScript 7 (native) no
    // longer has; pointing it at no file turns that preprocessing off (vitest and jest transpile
    // TypeScript themselves).
    tsconfigFile: 'no-tsconfig-for-stryker.json',
  };
  if (runner === 'command') c.commandRunner = { command: oracle };
  if (runner === 'mocha') c.mochaOptions = { spec: tests };
  // testRegex is emptied beside testMatch: a project config that sets testRegex (dayjs) would
  // otherwise fail jest's validation ("testMatch and testRegex cannot be used together").
  if (runner === 'jest') c.jest = { config: { testMatch: tests.map((t) => '<rootDir>/' + t), testRegex: '' } };
  if (runner === 'vitest') {
    const base = ['vitest.config.mts', 'vitest.config.ts', 'vitest.config.mjs', 'vitest.config.js', 'vite.config.ts', 'vite.config.mjs', 'vite.config.js'].find((f) => fs.existsSync(f));
    const src = (base ? `import base from './${base}';\n` : 'const base = {};\n') +
      `const b = typeof base === 'function' ? await base({ mode: 'test', command: 'serve' }) : base;\n` +
      `export default { ...b, test: { ...(b.test || {}), include: ${JSON.stringify(tests)} } };\n`;
    fs.writeFileSync('stryker.vitest.config.mts', src);
    c.vitest = { configFile: 'stryker.vitest.config.mts', related: false };
  }
  console.log(JSON.stringify(c, null, 2));
}

// majorOf is the major version of the installed package name, or Infinity when it is not
// installed or its version cannot be read.
function majorOf(name) {
  try {
    return Number(JSON.parse(fs.readFileSync(`node_modules/${name}/package.json`, 'utf8')).version.split('.')[0]);
  } catch {
    return Infinity;
  }
}

function readTime(p) {
  const [wall, user, sys] = fs.readFileSync(p, 'utf8').trim().split(/\s+/).slice(-3).map(Number);
  return { wall, cpu: user + sys };
}

// compare prints the side-by-side table and the per-line cross-check.
function compare(bondPath, bondTime, strykerPath, strykerTime, runner, jobs) {
  const bond = JSON.parse(fs.readFileSync(bondPath, 'utf8'));
  const stryker = JSON.parse(fs.readFileSync(strykerPath, 'utf8'));
  const bt = readTime(bondTime), st = readTime(strykerTime);
  const lines = new Map(); // "path:line" → {bond: [status], stryker: [status]}
  const at = (k) => { if (!lines.has(k)) lines.set(k, { bond: [], stryker: [] }); return lines.get(k); };
  const bondCount = {};
  for (const m of bond.mutants || []) {
    at(`${m.path}:${m.line}`).bond.push(m.status);
    bondCount[m.status] = (bondCount[m.status] || 0) + 1;
  }
  const strykerCount = {};
  for (const [p, f] of Object.entries(stryker.files || {})) {
    for (const m of f.mutants || []) {
      at(`${p}:${m.location.start.line}`).stryker.push(m.status);
      strykerCount[m.status] = (strykerCount[m.status] || 0) + 1;
    }
  }
  const fmt = (c) => Object.entries(c).map(([k, v]) => `${v} ${k}`).join(', ') || 'none';
  const n = (c) => Object.values(c).reduce((a, b) => a + b, 0);
  console.log(`runner ${runner}, -j ${jobs}`);
  console.log(`bond     wall ${bt.wall.toFixed(1)}s  cpu ${bt.cpu.toFixed(1)}s  mutants ${n(bondCount)} (${fmt(bondCount)})  bond ${bond.bond && bond.bond.verdict}`);
  console.log(`stryker  wall ${st.wall.toFixed(1)}s  cpu ${st.cpu.toFixed(1)}s  mutants ${n(strykerCount)} (${fmt(strykerCount)})`);
  console.log(`ratio bond/stryker  wall ${(bt.wall / st.wall).toFixed(2)}  cpu ${(bt.cpu / st.cpu).toFixed(2)}`);
  if (bond.timings) {
    const t = bond.timings;
    console.log(`bond phases (ms): baseline ${t.baseline_ms}, canaries ${t.canary_ms}, mutants ${t.mutants_ms}, adjudication ${t.suite_ms}, gates ${t.gates_baseline_ms || 0}`);
  }
  const run = bond.run || {};
  console.log(`bond runner ${run.runner}${run.runner_note ? ': ' + run.runner_note : ''}`);
  console.log('\nper line: bond outcome | stryker outcome | agree');
  const bondSays = (s) => !s.length ? '-' : s.some((x) => x === 'accepted') ? 'survived' : s.every((x) => x === 'killed' || x === 'timeout') ? 'killed' : s.every((x) => x === 'skipped') ? 'not-run' : s.join('/');
  const strykerSays = (s) => !s.length ? '-' : s.some((x) => x === 'Survived') ? 'survived' : s.every((x) => x === 'Killed' || x === 'Timeout') ? 'killed' : s.every((x) => x === 'NoCoverage') ? 'not-run' : s.join('/');
  let agree = 0, differ = 0, one = 0;
  const keys = [...lines.keys()].sort((a, b) => { const [pa, la] = a.split(':'); const [pb, lb] = b.split(':'); return pa === pb ? la - lb : pa < pb ? -1 : 1; });
  for (const k of keys) {
    const v = lines.get(k);
    const b = bondSays(v.bond), s = strykerSays(v.stryker);
    let mark;
    if (b === '-' || s === '-') { mark = 'one tool only'; one++; }
    else if (b === s) { mark = 'agree'; agree++; }
    else { mark = 'DIFFER'; differ++; }
    console.log(`  ${k}  bond ${b} [${v.bond.join(' ')}] | stryker ${s} [${v.stryker.join(' ')}] | ${mark}`);
  }
  console.log(`lines: ${agree} agree, ${differ} differ, ${one} mutated by one tool only`);
}
