// Lines a mutant can touch that hold no expression of their own: `break;`, `continue;`, a bare
// `return;`, and an object literal's properties. Each appears on a path the test takes and on
// one it never takes, so a hit map must say ran for the first and not ran for the second.

export function firstNegative(xs) {
  let found = -1;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] < 0) {
      found = i;
      break;
    }
  }
  return found;
}

export function firstOver(xs, limit) {
  let found = -1;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] > limit) {
      found = i;
      break;
    }
  }
  return found;
}

export function sumPositive(xs) {
  let s = 0;
  for (const x of xs) {
    if (x <= 0) {
      continue;
    }
    s += x;
  }
  return s;
}

export function countWords(words) {
  let n = 0;
  for (const w of words) {
    if (w === '') {
      continue;
    }
    n++;
  }
  return n;
}

export function record(sink, msg) {
  if (!msg) {
    return;
  }
  sink.push(msg);
}

export function recordAll(sink, msgs) {
  if (msgs === undefined) {
    return;
  }
  for (const m of msgs) record(sink, m);
}

export function kind(c) {
  let k;
  switch (c) {
    case 'a':
      k = 'letter';
      break;
    case '1':
      k = 'digit';
      break;
    default:
      k = 'other';
  }
  return k;
}

export function options(o) {
  const out = {
    verbose: o.verbose,
    depth: o.depth + 1,
  };
  if (o.extra) {
    return {
      extra: true,
      depth: 0,
    };
  }
  return out;
}
