// Async corners: rejections nobody awaits, thenables, ordering of hooks around async tests.
const order = [];

describe('ordering', () => {
  beforeEach(async () => { await null; order.push('beforeEach'); });
  afterEach(() => { order.push('afterEach'); });
  test('first', async () => { await new Promise((r) => setTimeout(r, 5)); order.push('first'); });
  test('second', () => { order.push('second'); });
});

test('the order held', () => {
  expect(order).toEqual(['beforeEach', 'first', 'afterEach', 'beforeEach', 'second', 'afterEach']);
});

test('a thenable is awaited', () => ({ then(resolve) { setTimeout(resolve, 5); } }));

test('a thenable that rejects fails the test', () => ({ then(resolve, reject) { setTimeout(() => reject(new Error('thenable')), 5); } }));

test('an assertion in a promise chain fails the test', () => Promise.resolve(2).then((v) => expect(v).toBe(3)));

test('an expect that resolves late still counts', async () => {
  expect.assertions(1);
  await new Promise((r) => setTimeout(r, 5));
  expect(true).toBe(true);
});

test('a rejected expectation that is not awaited', () => {
  // Nobody awaits it: the test ends first.
  expect(Promise.resolve(1)).resolves.toBe(2).catch(() => {});
});
