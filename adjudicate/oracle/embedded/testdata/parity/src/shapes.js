// A small library for the parity fixture's tests.
class Shape {
  constructor(name) { this.name = name; }
  area() { return 0; }
}
class Rect extends Shape {
  constructor(w, h) { super('rect'); this.w = w; this.h = h; }
  area() { return this.w * this.h; }
}
class ShapeError extends Error {
  constructor(message) { super(message); this.name = 'ShapeError'; }
}
function parse(spec) {
  const m = /^(\d+)x(\d+)$/.exec(spec);
  if (!m) throw new ShapeError('bad spec: ' + spec);
  return new Rect(Number(m[1]), Number(m[2]));
}
function later(value, ms) {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}
function failLater(message, ms) {
  return new Promise((resolve, reject) => setTimeout(() => reject(new ShapeError(message)), ms));
}
function total(shapes, log) {
  let sum = 0;
  for (const s of shapes) {
    if (log) log(s.name, s.area());
    sum += s.area();
  }
  return sum;
}
module.exports = { Shape, Rect, ShapeError, parse, later, failLater, total };
