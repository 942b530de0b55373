'use strict'

// A small job queue in semicolon-less style, written for bond's operator measurements.
const { EventEmitter } = require('events')

const DEFAULT_CONCURRENCY = 2
const STATES = ['idle', 'running', 'paused']

class Queue extends EventEmitter {
  constructor (opts = {}) {
    super()
    this.concurrency = opts.concurrency || DEFAULT_CONCURRENCY
    this.timeout = opts.timeout ?? 0
    this.jobs = []
    this.running = 0
    this.state = STATES[0]
    this.results = {
      done: 0,
      failed: 0,
      lastError: null,
    }
  }

  push (job, priority) {
    if (typeof job !== 'function') throw new TypeError('job must be a function')
    const entry = { job, priority: priority || 0, added: Date.now() }
    this.jobs.push(entry)
    this.jobs.sort((a, b) => b.priority - a.priority)
    this.emit('push', entry)
    return this
  }

  get size () {
    return this.jobs.length
  }

  pause () {
    if (this.state === 'paused') return
    this.state = 'paused'
    this.emit('pause')
  }

  resume () {
    this.state = 'running'
    while (this.running < this.concurrency && this.jobs.length > 0) {
      this.next()
    }
  }

  next () {
    if (this.state === 'paused') return false
    const entry = this.jobs.shift()
    if (!entry) return false
    this.running++
    const started = Date.now()
    Promise.resolve()
      .then(() => entry.job())
      .then(result => {
        this.results.done += 1
        this.emit('done', result, Date.now() - started)
      })
      .catch(err => {
        this.results.failed += 1
        this.results.lastError = err
        this.emit('error', err)
      })
      .finally(() => {
        this.running--
        if (this.jobs.length) this.next()
        else if (this.running === 0) this.emit('drain')
      })
    return true
  }

  stats () {
    const pending = this.jobs.filter(e => e.priority >= 0).length
    return {
      pending,
      running: this.running,
      ratio: this.results.done / Math.max(1, this.results.done + this.results.failed),
      state: this.state,
    }
  }

  describe (sep) {
    const names = this.jobs
      .map(e => e.job.name)
      .filter(Boolean)
    return names.length > 0 ? names.join(sep || ', ') : 'empty'
  }
}

function parseConcurrency (value) {
  if (!value) return DEFAULT_CONCURRENCY
  const m = /^(\d+)(x)?$/.exec(String(value).trim())
  if (!m) throw new Error(`bad concurrency: ${value}`)
  const n = parseInt(m[1], 10)
  return m[2] ? n * 2 : n
}

module.exports = {
  Queue,
  parseConcurrency,
  STATES,
}
