// Parity table of the embedded runtime's globals and timers against Node's: each case prints one
// line "CASE <name>: <JSON of what it observed>"; Node and the embedded runner must agree.
const show = (name, v) => console.log('CASE ' + name + ': ' + JSON.stringify(v));
const order = [];
setTimeout(() => order.push('timeout 10'), 10);
setTimeout(() => order.push('timeout 40'), 40);
Promise.resolve().then(() => order.push('microtask'));
queueMicrotask(() => order.push('queueMicrotask'));
process.nextTick(() => order.push('nextTick'));
const iv = setInterval(() => { order.push('interval'); if (order.filter((x) => x === 'interval').length === 2) clearInterval(iv); }, 25);
const cleared = setTimeout(() => order.push('cleared'), 1);
clearTimeout(cleared);
const t = setTimeout(() => {}, 1);
show('timeout object', [typeof t.ref, typeof t.unref, typeof t.hasRef, t.hasRef(), typeof t.refresh]);
t.unref();
show('unref', t.hasRef());
show('setTimeout bad callback', (() => { try { setTimeout('x'); return 'no throw'; } catch (e) { return [e.name, e.code]; } })());
setTimeout(() => show('timer order', order), 100);
setTimeout((a, b) => show('timer arguments', [a, b]), 1, 'x', 2);

const sc = structuredClone({ d: new Date(0), m: new Map([[1, { a: [1] }]]), s: new Set(['x']), r: /x/g, u: new Uint8Array([1]) });
show('structuredClone', [sc.d instanceof Date, sc.d.getTime(), sc.m.get(1), [...sc.s], sc.r.source, sc.r.flags, [...sc.u]]);
const cy = { n: 1 };
cy.me = cy;
const cc = structuredClone(cy);
show('structuredClone cycle', [cc.me === cc, cc !== cy]);
show('structuredClone function', (() => { try { structuredClone({ f() {} }); return 'no throw'; } catch (e) { return e.name; } })());
show('TextEncoder', [...new TextEncoder().encode('hé€')]);
show('TextDecoder', new TextDecoder().decode(new Uint8Array([104, 195, 169, 226, 130, 172])));
show('TextDecoder encoding', new TextDecoder().encoding);
show('btoa', btoa('hello, world'));
show('atob', atob('aGVsbG8sIHdvcmxk'));
show('atob bad input', (() => { try { atob('a'); return 'no throw'; } catch (e) { return e.name; } })());
show('btoa wide char', (() => { try { btoa('€'); return 'no throw'; } catch (e) { return e.name; } })());
show('globalThis aliases', [global === globalThis, typeof performance.now(), typeof process.hrtime(), typeof process.hrtime.bigint()]);
show('process basics', [typeof process.env, process.platform, typeof process.nextTick, typeof process.cwd()]);
show('console methods', ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table', 'assert', 'count', 'group', 'groupEnd', 'time', 'timeEnd'].map((m) => typeof console[m]));
const d0 = Date.now();
setTimeout(() => show('clock advances across a timer', Date.now() > d0), 20);
