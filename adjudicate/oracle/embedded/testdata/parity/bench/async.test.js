// The jest-style benchmark suite, part 4 of 4: timers and promises (about 100 tests in all).
const { debounce, retry } = require('./lib');

const mocker = typeof vi !== 'undefined' ? vi : jest;

describe('debounce', () => {
  beforeEach(() => mocker.useFakeTimers());
  afterEach(() => mocker.useRealTimers());
  test.each([1, 2, 3, 4, 5])('collapses %i calls into one', (n) => {
    const f = mocker.fn();
    const d = debounce(f, 20);
    for (let i = 0; i < n; i++) d(i);
    mocker.advanceTimersByTime(25);
    expect(f).toHaveBeenCalledTimes(1);
    expect(f).toHaveBeenCalledWith(n - 1);
  });
  test('waits the full delay', () => {
    const f = mocker.fn();
    debounce(f, 50)();
    mocker.advanceTimersByTime(49);
    expect(f).not.toHaveBeenCalled();
  });
});

describe('retry', () => {
  test.each([1, 2, 3])('succeeds on attempt %i', async (k) => {
    const fn = mocker.fn(async (i) => {
      if (i + 1 < k) throw new Error('try ' + i);
      return 'ok';
    });
    await expect(retry(fn, 3)).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(k);
  });
  test('gives up after the last attempt', async () => {
    await expect(retry(async (i) => { throw new Error('no ' + i); }, 2)).rejects.toThrow('no 1');
  });
  test('passes the attempt number', async () => {
    const seen = [];
    await retry(async (i) => { seen.push(i); if (i < 2) throw new Error('x'); }, 5);
    expect(seen).toEqual([0, 1, 2]);
  });
});
