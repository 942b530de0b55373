// A test that starts Node processes of its own: a child that inherits NODE_OPTIONS (and so the
// hook), one started with a NODE_OPTIONS of its own, and a worker thread. None may break the run
// or the parent's trace.
const { execFileSync } = require('node:child_process');
const { Worker } = require('node:worker_threads');
const lib = require('../src/lib.js');

lib.helper(41);
const inherit = execFileSync(process.execPath, ['-e', 'process.stdout.write(String(require("./src/lib.js").helper(1)))'], { cwd: __dirname + '/..' }).toString();
const own = execFileSync(process.execPath, ['-e', 'process.stdout.write("own")'], { env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=256' } }).toString();
if (inherit !== '2' || own !== 'own') throw new Error('children: ' + inherit + ' ' + own);
const w = new Worker('require("worker_threads").parentPort.postMessage(1 + 1)', { eval: true });
w.on('message', (n) => { if (n !== 2) throw new Error('worker'); w.terminate(); });
