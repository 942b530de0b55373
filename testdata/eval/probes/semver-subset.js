const variants = ['patched', 'cf177', 'cf195', 'so177', 'so195', 'f177', 't177', 'e177', 'f195', 't195', 'e195'];
const subs = Object.fromEntries(variants.map(v => [v, require(`./${v}/ranges/subset.js`)]));
const vers = ['0.0.0', '1.0.0', '1.0.0-0', '1.0.0-beta.1', '1.0.0-beta.2', '1.2.3', '1.2.3-pre.0', '1.2.3-pre.1', '2.0.0', '2.0.0-0', '2.0.0-rc.1', '1.5.0', '10.2.0-beta.1'];
const ops = ['>', '>=', '<', '<=', '', '^', '~'];
let seed = 12345; const rand = () => { seed |= 0; seed = seed + 0x6D2B79F5 | 0; let t = Math.imul(seed ^ seed >>> 15, 1 | seed); t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t; return ((t ^ t >>> 14) >>> 0) / 4294967296; }; const rnd = n => Math.floor(rand() * n);
const comp = () => ops[rnd(ops.length)] + vers[rnd(vers.length)];
const sorted = ['0.0.0','1.0.0-0','1.0.0-beta.1','1.0.0-beta.2','1.0.0','1.2.3-pre.0','1.2.3-pre.1','1.2.3','1.5.0','2.0.0-0','2.0.0-rc.1','2.0.0','10.2.0-beta.1'];
const pair = () => { const i = rnd(sorted.length), j = rnd(sorted.length); const lo = sorted[Math.min(i,j)], hi = sorted[Math.max(i,j)]; const r = rnd(4); return r === 0 ? ['>','>='][rnd(2)] + lo : r === 1 ? ['<','<='][rnd(2)] + hi : ['>','>='][rnd(2)] + lo + ' ' + ['<','<='][rnd(2)] + hi; };
const range0 = () => { const k = 1 + rnd(3); const parts = []; for (let i = 0; i < k; i++) parts.push(comp()); let r = parts.join(' '); if (rnd(5) === 0) r += ' || ' + comp(); if (rnd(15) === 0) r = '*'; return r; };
const diffs = Object.fromEntries(variants.slice(1).map(v => [v, []]));
const N = +process.argv[2] || 200000;
const range = () => rnd(2) ? range0() : pair() + (rnd(6) === 0 ? ' || ' + pair() : '');
for (let i = 0; i < N; i++) {
  const a = range(), b = range(); const o = [{}, { includePrerelease: true }][rnd(2)];
  let base; try { base = subs.patched(a, b, o); } catch (e) { base = 'throw'; }
  for (const v of variants.slice(1)) {
    let r; try { r = subs[v](a, b, o); } catch (e) { r = 'throw'; }
    if (r !== base && diffs[v].length < 3) diffs[v].push([a, b, o, base, r]);
  }
}
for (const [v, d] of Object.entries(diffs)) console.log(v, d.length ? JSON.stringify(d) : 'no difference in ' + N);
