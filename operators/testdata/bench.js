'use strict';
// A module written for bond's benchmarks: ordinary library code of the shapes the
// statement-shape table lists, with comments, templates, regexes and JSX-free TypeScript-ish
// annotations left out so the file parses as plain JavaScript.

const fs = require('node:fs');
const path = require('node:path');
const { EventEmitter } = require('node:events');

const DEFAULT_LIMIT = 1_000;
const SEPARATOR = /\s*,\s*/;
const HEX = 0xFF_FF;

/**
 * Zone keeps a list of entries and a running total.
 * It is used by the scheduler below.
 */
class Zone extends EventEmitter {
  #entries = [];
  #total = 0;

  constructor(name, options = {}) {
    super();
    this.name = name;
    this.limit = options.limit ?? DEFAULT_LIMIT;
    this.ctxStorage = null;
  }

  get size() {
    return this.#entries.length;
  }

  add(entry, weight) {
    if (!this.isValid()) {
      return false;
    }
    if (this.#entries.length >= this.limit) {
      throw new RangeError(`zone ${this.name} is full (${this.limit})`);
    }
    this.#entries.push({ entry, weight });
    this.#total += weight;
    this.emit('add', entry, weight);
    return true;
  }

  remove(entry) {
    const at = this.#entries.findIndex((e) => e.entry === entry);
    if (at === -1) return null;
    const [removed] = this.#entries.splice(at, 1);
    this.#total -= removed.weight;
    return removed;
  }

  average() {
    if (this.#entries.length === 0) {
      return 0;
    }
    return this.#total / this.#entries.length;
  }

  isValid() {
    return typeof this.name === 'string' && this.name.length > 0;
  }

  names() {
    return this.#entries.map((e) => e.entry.name).filter(Boolean).sort().join(', ');
  }

  parents() {
    const out = [];
    let zone = this.parent;
    while (zone) {
      out.push(zone);
      zone = zone.parent;
    }
    return out.reverse().map((z) => z.name);
  }
}

function parseList(text, limit) {
  const parts = text.split(SEPARATOR, limit);
  const result = [];
  for (const part of parts) {
    const trimmed = part.trim().toLowerCase();
    if (trimmed === '') {
      continue;
    }
    result.push(trimmed);
  }
  return result;
}

function clamp(value, lo, hi) {
  return Math.min(Math.max(value, lo), hi);
}

function ratio(done, total) {
  if (total <= 0) {
    return NaN;
  }
  const left = total - done;
  return Math.round((done / total) * 100) + '% (' + left + ' left)';
}

function readConfig(dir) {
  const file = path.join(dir, 'zone.json');
  let raw;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
    return {};
  }
  const parsed = JSON.parse(raw);
  switch (parsed.mode) {
    case 'utc':
      parsed.offset = 0;
      break;
    case 'local':
      parsed.offset = new Date().getTimezoneOffset() % 60;
      break;
    default:
      parsed.offset = undefined;
  }
  return parsed;
}

async function schedule(zones, interval) {
  let i = 0;
  while (i < zones.length) {
    const zone = zones[i];
    await new Promise((resolve) => setTimeout(resolve, interval));
    zone.emit('tick', i, zones.length - i);
    i++;
  }
  return zones
    .filter((z) => z.size > 0)
    .map((z) => ({ name: z.name, average: z.average() }));
}

const render = (zone) => `<li class="${zone.size > 10 ? 'big' : 'small'}">${zone.name}</li>`;

module.exports = {
  Zone,
  parseList,
  clamp,
  ratio,
  readConfig,
  schedule,
  render,
  HEX,
};
