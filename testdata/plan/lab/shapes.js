// A fixture for the lab and the chunked parse check, written for bond's tests.
import { readFile } from 'node:fs/promises';

const DEFAULTS = { retries: 3, delay: 10 };
let calls = 0;

export class Queue extends Array {
  #limit = 10;
  static of(...xs) {
    return new Queue(...xs);
  }

  constructor(limit) {
    super();
    this.#limit = limit ?? DEFAULTS.retries;
  }

  push(x) {
    if (this.length >= this.#limit) throw new RangeError(`full: ${this.length}`);
    calls += 1;
    return super.push(x);
  }

  get total() {
    return this
      .map((x) => x.size)
      .reduce((a, b) => a + b, 0);
  }
}

export async function load(path, opts = DEFAULTS) {
  for (let i = 0; i < opts.retries; i++) {
    try {
      const text = await readFile(path, 'utf8');
      return JSON.parse(text);
    } catch (err) {
      if (i === opts.retries - 1) throw err;
    }
  }
  return null;
}

export const pick = (o, k) => o[k];
const ratio = (a, b) => a / b;
switch (calls) {
  case 0:
    calls = ratio(1, 2);
    break;
  default:
    calls--;
}
label: while (calls > 0) {
  calls = calls - 1;
  if (calls % 2) continue label;
}
export default { pick, ratio, Queue };
