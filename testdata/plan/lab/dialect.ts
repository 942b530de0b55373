// TypeScript with generics and a class; written for bond's tests.
export interface Box<T> {
  value: T;
}

export class Store<T> {
  private items: Array<Box<T>> = [];

  add(value: T): number {
    this.items.push({ value });
    return this.items.length;
  }

  find(pred: (v: T) => boolean): T | undefined {
    for (const b of this.items) {
      if (pred(b.value)) return b.value;
    }
    return undefined;
  }
}

export function first<T>(xs: T[], fallback: T): T {
  const n = xs.length;
  return n > 0 ? xs[0] : fallback;
}
