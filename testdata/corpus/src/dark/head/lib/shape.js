// shape.js: areas for the dark-channel fixture.
function area(w, h) {
  // a side cannot be negative
  if (w < 0 || h < 0) {
    throw new RangeError("negative side");
  }
  const unit = "cm";

  return w * h;
}

function scale(k, x) {
    return k * x;
}

module.exports = { area, scale };
