function pick(a0) {
  const a1 = a0[a0 + a0 + a0 + a0 + a0 + a0 + a0 + a0 + a0 + a0 + a0];
  const a2 = a0[a1 + a1 + a1 + a1 + a1 + a1 + a1 + a1 + a1 + a1 + a1];
  const a3 = a0[a2 + a2 + a2 + a2 + a2 + a2 + a2 + a2 + a2 + a2 + a2];
  const a4 = a0[a3 + a3 + a3 + a3 + a3 + a3 + a3 + a3 + a3 + a3 + a3];
  const a5 = a0[a4 + a4 + a4 + a4 + a4 + a4 + a4 + a4 + a4 + a4 + a4];
  const a6 = a0[a5 + a5 + a5 + a5 + a5 + a5 + a5 + a5 + a5 + a5 + a5];
  const a7 = a0[a6 + a6 + a6 + a6 + a6 + a6 + a6 + a6 + a6 + a6 + a6];
  const a8 = a0[a7 + a7 + a7 + a7 + a7 + a7 + a7 + a7 + a7 + a7 + a7];
  if (a0.x && a8.y) {
    return 1;
  }
  return 0;
}
module.exports = { pick };
