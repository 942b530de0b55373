// Failing hooks: a beforeAll that throws fails (jest) or skips (vitest) its suite's tests; an
// afterAll that throws fails the run; async hooks and hook timeouts.
describe('beforeAll throws', () => {
  beforeAll(() => { throw new Error('beforeAll broke'); });
  test('first under a broken beforeAll', () => {});
  test('second under a broken beforeAll', () => {});
  describe('nested', () => {
    test('nested under a broken beforeAll', () => {});
  });
});

describe('afterAll throws', () => {
  afterAll(() => { throw new Error('afterAll broke'); });
  test('runs before the broken afterAll', () => {});
});

describe('async hooks', () => {
  let ready = false;
  beforeAll(async () => { await new Promise((r) => setTimeout(r, 5)); ready = true; });
  test('sees the async beforeAll', () => expect(ready).toBe(true));
});

describe('a hook that times out', () => {
  beforeEach(() => new Promise(() => {}), 30);
  test('after a hung beforeEach', () => {});
});

test('a later top-level test still runs', () => {});
