// shape.js: areas for the dark-channel fixture.
function area(w, h) {
  return w * h;
}

function scale(k, x) {
  return k * x;
}

module.exports = { area, scale };
