// The TypeScript twin of testdata/coverage/shapes/src/shapes.js, the same code on the same lines:
// `break;`, `continue;`, a bare `return;` and object-literal properties, each on a path the test
// takes and on one it never takes, so a hit map must say ran for the first and not for the second.

export function firstNegative(xs: number[]): number {
  let found = -1;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] < 0) {
      found = i;
      break;
    }
  }
  return found;
}

export function firstOver(xs: number[], limit: number): number {
  let found = -1;
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] > limit) {
      found = i;
      break;
    }
  }
  return found;
}

export function sumPositive(xs: number[]): number {
  let s = 0;
  for (const x of xs) {
    if (x <= 0) {
      continue;
    }
    s += x;
  }
  return s;
}

export function countWords(words: string[]): number {
  let n = 0;
  for (const w of words) {
    if (w === '') {
      continue;
    }
    n++;
  }
  return n;
}

export function record(sink: string[], msg: string): void {
  if (!msg) {
    return;
  }
  sink.push(msg);
}

export function recordAll(sink: string[], msgs?: string[]): void {
  if (msgs === undefined) {
    return;
  }
  for (const m of msgs) record(sink, m);
}

export function kind(c: string): string {
  let k: string;
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

export function options(o: { verbose?: boolean; depth: number; extra?: boolean }): object {
  const out: { verbose?: boolean; depth: number } = {
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
