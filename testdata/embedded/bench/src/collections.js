// Collection helpers for the embedded runner's benchmark fixture.
export function chunk(xs, size) {
  if (size < 1) throw new RangeError('size must be at least 1');
  const out = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}

export function uniq(xs) {
  return [...new Set(xs)];
}

export function groupBy(xs, key) {
  const out = {};
  for (const x of xs) {
    const k = typeof key === 'function' ? key(x) : x[key];
    (out[k] ||= []).push(x);
  }
  return out;
}

export function partition(xs, pred) {
  const yes = [];
  const no = [];
  for (const x of xs) (pred(x) ? yes : no).push(x);
  return [yes, no];
}

export function flatten(xs, depth = Infinity) {
  const out = [];
  for (const x of xs) {
    if (Array.isArray(x) && depth > 0) out.push(...flatten(x, depth - 1));
    else out.push(x);
  }
  return out;
}

export function zip(...arrays) {
  const n = Math.min(...arrays.map((a) => a.length));
  const out = [];
  for (let i = 0; i < n; i++) out.push(arrays.map((a) => a[i]));
  return out;
}

export function range(start, end, step = 1) {
  if (step === 0) throw new RangeError('step must not be 0');
  const out = [];
  if (step > 0) for (let i = start; i < end; i += step) out.push(i);
  else for (let i = start; i > end; i += step) out.push(i);
  return out;
}

export function sortBy(xs, key) {
  return [...xs].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
}

export function countBy(xs, key) {
  const out = {};
  for (const x of xs) {
    const k = key(x);
    out[k] = (out[k] || 0) + 1;
  }
  return out;
}

export function difference(a, b) {
  const drop = new Set(b);
  return a.filter((x) => !drop.has(x));
}

export function intersection(a, b) {
  const keep = new Set(b);
  return uniq(a.filter((x) => keep.has(x)));
}
