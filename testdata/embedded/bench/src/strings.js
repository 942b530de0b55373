// String helpers for the embedded runner's benchmark fixture.
export function words(s) {
  return String(s)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

export function camelCase(s) {
  return words(s)
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0].toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
}

export function kebabCase(s) {
  return words(s).map((w) => w.toLowerCase()).join('-');
}

export function snakeCase(s) {
  return words(s).map((w) => w.toLowerCase()).join('_');
}

export function capitalize(s) {
  if (s.length === 0) return s;
  return s[0].toUpperCase() + s.slice(1);
}

export function truncate(s, n, tail = '…') {
  if (s.length <= n) return s;
  if (n <= tail.length) return tail.slice(0, n);
  return s.slice(0, n - tail.length) + tail;
}

export function padStart(s, n, fill = ' ') {
  let out = String(s);
  while (out.length < n) out = fill + out;
  return out.slice(out.length - Math.max(n, String(s).length));
}

export function reverse(s) {
  return Array.from(s).reverse().join('');
}

export function isPalindrome(s) {
  const clean = s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return clean === reverse(clean);
}

export function countOccurrences(s, sub) {
  if (sub === '') return 0;
  let count = 0;
  let i = s.indexOf(sub);
  while (i !== -1) {
    count++;
    i = s.indexOf(sub, i + sub.length);
  }
  return count;
}

export function template(str, data) {
  return str.replace(/\{(\w+)\}/g, (m, key) => (key in data ? String(data[key]) : m));
}
