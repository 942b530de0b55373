// A small pure library for the jest-style benchmark suite.
function slug(s) {
  return s.trim().toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}
function capitalize(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}
function isPrime(n) {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}
function gcd(a, b) {
  while (b) [a, b] = [b, a % b];
  return Math.abs(a);
}
function clamp(x, lo, hi) {
  return Math.min(hi, Math.max(lo, x));
}
function chunk(arr, n) {
  const out = [];
  for (let i = 0; i < arr.length; i += n) out.push(arr.slice(i, i + n));
  return out;
}
function groupBy(arr, key) {
  const out = {};
  for (const x of arr) (out[key(x)] = out[key(x)] || []).push(x);
  return out;
}
function uniq(arr) {
  return [...new Set(arr)];
}
function debounce(fn, ms) {
  let t;
  return (...args) => { clearTimeout(t); t = setTimeout(() => fn(...args), ms); };
}
async function retry(fn, times) {
  let last;
  for (let i = 0; i < times; i++) {
    try { return await fn(i); } catch (e) { last = e; }
  }
  throw last;
}
module.exports = { slug, capitalize, isPrime, gcd, clamp, chunk, groupBy, uniq, debounce, retry };
