// Async tests, promises, .resolves/.rejects, expect.assertions/hasAssertions, uncaught errors
// from timers and per-test timeouts.
const { later, failLater, ShapeError } = require('../src/shapes');

test('an async test passes', async () => {
  expect(await later(3, 10)).toBe(3);
});
test('an async test fails', async () => {
  expect(await later(3, 10)).toBe(4);
});
test('a returned promise is awaited', () => later(1, 5).then((v) => expect(v).toBe(2)));
test('a rejected promise fails the test', () => failLater('nope', 5));
test('resolves', async () => {
  await expect(later('v', 5)).resolves.toBe('v');
});
test('resolves fails on another value', async () => {
  await expect(later('v', 5)).resolves.toBe('w');
});
test('resolves fails on a rejection', async () => {
  await expect(failLater('boom', 5)).resolves.toBe('v');
});
test('rejects with toThrow', async () => {
  await expect(failLater('boom', 5)).rejects.toThrow('boom');
});
test('rejects with a class', async () => {
  await expect(failLater('boom', 5)).rejects.toThrow(ShapeError);
});
test('rejects with toEqual on the reason', async () => {
  await expect(Promise.reject({ code: 1 })).rejects.toEqual({ code: 1 });
});
test('rejects fails on a resolution', async () => {
  await expect(later(1, 5)).rejects.toThrow();
});
test('resolves.not', async () => {
  await expect(later(1, 5)).resolves.not.toBe(2);
});
test('expect.assertions counts', async () => {
  expect.assertions(2);
  expect(1).toBe(1);
  await later(0, 1);
  expect(2).toBe(2);
});
test('expect.assertions fails on too few', () => {
  expect.assertions(2);
  expect(1).toBe(1);
});
test('expect.hasAssertions passes', () => {
  expect.hasAssertions();
  expect(true).toBeTruthy();
});
test('expect.hasAssertions fails without one', () => {
  expect.hasAssertions();
});
test('an error thrown from a timer fails the test', async () => {
  setTimeout(() => { throw new Error('from a timer'); }, 1);
  await later(0, 20);
});
test('a test that never settles times out', () => new Promise(() => {}), 50);
test('a test within its timeout passes', () => later(0, 5), 2000);
test('a test after a timeout still runs', () => {});
