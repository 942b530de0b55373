'use strict';

// A tiny library for the mocha parity fixture: a shelf of items with a capacity.

class Shelf {
  constructor(capacity) {
    if (!(capacity > 0)) throw new RangeError('capacity must be positive');
    this.capacity = capacity;
    this.items = [];
  }

  put(item) {
    if (this.items.length >= this.capacity) return false;
    this.items.push(item);
    return true;
  }

  take() {
    return this.items.shift();
  }

  // later calls back with the shelf's items after ms, node-style.
  later(ms, cb) {
    setTimeout(() => cb(null, this.items.slice()), ms);
  }

  // settle resolves with the count after ms, or rejects when the shelf is empty.
  settle(ms) {
    return new Promise((resolve, reject) => {
      setTimeout(() => (this.items.length ? resolve(this.items.length) : reject(new Error('empty shelf'))), ms);
    });
  }

  summary() {
    return { capacity: this.capacity, used: this.items.length, free: this.capacity - this.items.length };
  }
}

module.exports = { Shelf };
