// Hooks and the test tree: order of beforeAll/afterAll/beforeEach/afterEach across nested
// suites, skip and todo, a failing beforeEach, a failing afterEach, concurrent tests run.
const log = [];

describe('outer', () => {
  beforeAll(() => { log.push('outer beforeAll'); });
  afterAll(() => { log.push('outer afterAll'); });
  beforeEach(() => { log.push('outer beforeEach'); });
  afterEach(() => { log.push('outer afterEach'); });

  test('first', () => { log.push('first'); });

  describe('inner', () => {
    beforeAll(() => { log.push('inner beforeAll'); });
    afterAll(() => { log.push('inner afterAll'); });
    beforeEach(() => { log.push('inner beforeEach'); });
    afterEach(() => { log.push('inner afterEach'); });
    test('second', () => { log.push('second'); });
  });

  test.skip('skipped test', () => { throw new Error('must not run'); });
  it.todo('todo test');
  describe.skip('skipped suite', () => {
    test('inside a skipped suite', () => { throw new Error('must not run'); });
  });
});

test('hooks ran in order', () => {
  expect(log).toEqual([
    'outer beforeAll',
    'outer beforeEach', 'first', 'outer afterEach',
    'inner beforeAll',
    'outer beforeEach', 'inner beforeEach', 'second', 'inner afterEach', 'outer afterEach',
    'inner afterAll',
    'outer afterAll',
  ]);
});

test('hooks ran in order fails when the order is wrong', () => {
  expect(log.slice(0, 2)).toEqual(['outer beforeEach', 'outer beforeAll']);
});

describe('a failing beforeEach', () => {
  beforeEach(() => { throw new Error('setup broke'); });
  test('fails its test', () => {});
});

describe('a failing afterEach', () => {
  afterEach(() => { throw new Error('teardown broke'); });
  test('fails its test too', () => {});
});

describe('concurrent', () => {
  const seen = [];
  test.concurrent('a', async () => { seen.push('a'); });
  test.concurrent('b', async () => { seen.push('b'); expect(seen).toEqual(['a', 'b']); });
  test.concurrent('c fails', async () => { expect(seen).toHaveLength(3); });
});

describe('deeply', () => {
  describe('nested', () => {
    describe('names', () => {
      test('join with the separator', () => {});
      test('fail with the separator', () => expect(1).toBe(2));
    });
  });
});

test('a test returning a value', () => 42);
