// A small job queue of the kind libraries test with events and timers: it emits 'job' for each
// job it runs, 'drain' when it is empty and 'error' when a job throws.
const { EventEmitter } = require('node:events');
const { setTimeout: sleep } = require('node:timers/promises');

class Queue extends EventEmitter {
  constructor(delay) {
    super();
    this.delay = delay;
    this.jobs = [];
    this.running = false;
  }

  push(job) {
    this.jobs.push(job);
    if (!this.running) this.run();
    return this;
  }

  async run() {
    this.running = true;
    while (this.jobs.length) {
      const job = this.jobs.shift();
      await sleep(this.delay);
      try {
        this.emit('job', job());
      } catch (err) {
        this.emit('error', err);
      }
    }
    this.running = false;
    this.emit('drain');
  }
}

module.exports = { Queue };
