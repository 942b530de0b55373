'use strict'
// A small stock ledger: the code the parity tests exercise, written for this fixture.

function parseLine (line) {
  const m = /^(\w[\w-]*)\s*:\s*(-?\d+)(?:\s*@\s*(\d+(?:\.\d+)?))?$/.exec(String(line).trim())
  if (!m) {
    const e = new TypeError('bad stock line: ' + line)
    e.code = 'EBADLINE'
    throw e
  }
  const item = { sku: m[1].toLowerCase(), qty: Number(m[2]) }
  if (m[3] !== undefined) item.price = Number(m[3])
  return item
}

function total (items) {
  let sum = 0
  for (const it of items) {
    if (it.qty > 0) sum += it.qty * (it.price || 0)
  }
  return Math.round(sum * 100) / 100
}

function group (items) {
  const out = Object.create(null)
  for (const it of items) {
    out[it.sku] = (out[it.sku] || 0) + it.qty
  }
  return out
}

class Shelf {
  constructor (name) {
    this.name = name
    this.items = []
  }

  add (item) {
    if (item.qty === 0) throw new RangeError('empty line for ' + item.sku)
    this.items.push(item)
    return this.items.length
  }
}

function restock (shelf, delay) {
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      if (!shelf.items.length) reject(new Error('nothing to restock on ' + shelf.name))
      else resolve(shelf.items.map((it) => ({ sku: it.sku, qty: it.qty + 1 })))
    }, delay || 1)
  })
}

module.exports = { parseLine, total, group, Shelf, restock }
