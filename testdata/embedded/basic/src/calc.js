// A small calculator with one branch the tests take and one they do not.
export function classify(n) {
  if (n >= 0) {
    return 'non-negative';
  } else {
    return 'negative';
  }
}

export function add(a, b) {
  return a + b;
}

export const double = (x) =>
  x * 2;

export function total(items) {
  return {
    sum: items.reduce((s, x) => s + x, 0),
    count: items.length,
  };
}
