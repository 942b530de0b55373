const test = require("node:test");
const assert = require("node:assert");
const { area, scale } = require("../lib/shape.js");

test("area", () => {
  assert.strictEqual(area(2, 3), 6);
});

test("scale", () => {
  assert.strictEqual(scale(2, 5), 10);
});
