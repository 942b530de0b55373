// vitest only: test context fixtures through test.extend. Static values, function fixtures with
// use() and their teardowns (after afterEach), dependencies between fixtures, laziness (a fixture
// no test destructures is never set up), renamed and defaulted keys, an extended extension, a
// fixture that throws before use(), and the error vitest gives a test whose first parameter does
// not destructure. Every event is logged to one array that later tests read, so order is checked.
import { describe, test, expect, afterEach } from 'vitest';

const log = [];
const store = { n: 1 };

const withStore = test.extend({
  store,
  counter: async ({ store }, use) => {
    log.push('counter up ' + store.n);
    await use({ count: store.n * 10 });
    log.push('counter down');
  },
  unused: async ({}, use) => {
    log.push('unused up');
    await use(1);
  },
  broken: async ({}, use) => {
    throw new Error('fixture broke before use');
  },
});

const withMore = withStore.extend({
  doubled: async ({ counter }, use) => {
    log.push('doubled up');
    await use(counter.count * 2);
    log.push('doubled down');
  },
});

describe('test.extend', () => {
  afterEach(() => { log.push('afterEach'); });

  withStore('a static value is the same object', ({ store: s }) => {
    expect(s).toBe(store);
    log.push('body 1');
  });

  withStore('a function fixture gets its dependency', ({ counter }) => {
    expect(counter.count).toBe(10);
    log.push('body 2');
  });

  withMore('an extension sees the fixtures it extends', ({ doubled, store = null }) => {
    expect(doubled).toBe(20);
    expect(store.n).toBe(1);
    log.push('body 3');
  });

  test('set up lazily and torn down after afterEach, the last set up first', () => {
    expect(log).toEqual([
      'body 1', 'afterEach',
      'counter up 1', 'body 2', 'afterEach', 'counter down',
      'counter up 1', 'doubled up', 'body 3', 'afterEach', 'doubled down', 'counter down',
    ]);
  });

  withStore('a test with no parameter gets nothing set up', () => {
    expect(log.includes('unused up')).toBe(false);
  });

  withStore('a fixture throwing before use fails the test', ({ broken }) => {
    expect(broken).toBe(undefined);
  });

  withStore('a first parameter that does not destructure fails', (context) => {
    expect(context).toBeTruthy();
  });

  withStore.skip('skip still skips', ({ counter }) => {
    expect(counter).toBe(0);
  });

  withStore('deliberate failure: the fixture value is compared', ({ counter }) => {
    expect(counter.count).toBe(11);
  });
});
