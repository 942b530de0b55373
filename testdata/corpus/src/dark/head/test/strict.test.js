const test = require("node:test");
const assert = require("node:assert");
const { area } = require("../lib/shape.js");

// Red on the patched tree: area refuses negative sides, and this test says it must not.
test("area of a negative side", () => {
  assert.strictEqual(area(-1, 3), -3);
});
