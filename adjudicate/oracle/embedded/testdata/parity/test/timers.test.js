// Fake timers: advanceTimersByTime, runAllTimers, runOnlyPendingTimers, setSystemTime, and real
// timers again after useRealTimers.
const mocker = typeof vi !== 'undefined' ? vi : jest;

describe('fake timers', () => {
  beforeEach(() => { mocker.useFakeTimers(); });
  afterEach(() => { mocker.useRealTimers(); });

  test('advanceTimersByTime runs what is due', () => {
    const f = mocker.fn();
    setTimeout(f, 100);
    mocker.advanceTimersByTime(99);
    expect(f).not.toHaveBeenCalled();
    mocker.advanceTimersByTime(1);
    expect(f).toHaveBeenCalledTimes(1);
  });
  test('advanceTimersByTime fails when not enough time passed', () => {
    const f = mocker.fn();
    setTimeout(f, 100);
    mocker.advanceTimersByTime(50);
    expect(f).toHaveBeenCalled();
  });
  test('intervals repeat', () => {
    const f = mocker.fn();
    const id = setInterval(f, 10);
    mocker.advanceTimersByTime(35);
    expect(f).toHaveBeenCalledTimes(3);
    clearInterval(id);
  });
  test('runAllTimers runs nested timers', () => {
    const order = [];
    setTimeout(() => { order.push('a'); setTimeout(() => order.push('c'), 10); }, 10);
    setTimeout(() => order.push('b'), 15);
    mocker.runAllTimers();
    expect(order).toEqual(['a', 'b', 'c']);
  });
  test('runOnlyPendingTimers leaves new ones', () => {
    const order = [];
    setTimeout(() => { order.push('a'); setTimeout(() => order.push('late'), 10); }, 10);
    mocker.runOnlyPendingTimers();
    expect(order).toEqual(['a']);
  });
  test('clearTimeout cancels', () => {
    const f = mocker.fn();
    const id = setTimeout(f, 10);
    clearTimeout(id);
    mocker.runAllTimers();
    expect(f).not.toHaveBeenCalled();
  });
  test('Date follows the fake clock', () => {
    mocker.setSystemTime(new Date('2020-01-01T00:00:00Z'));
    expect(Date.now()).toBe(Date.UTC(2020, 0, 1));
    mocker.advanceTimersByTime(1000);
    expect(new Date().toISOString()).toBe('2020-01-01T00:00:01.000Z');
  });
  test('a debounced call fires once', () => {
    const f = mocker.fn();
    let t;
    const debounced = () => { clearTimeout(t); t = setTimeout(f, 50); };
    debounced();
    mocker.advanceTimersByTime(30);
    debounced();
    mocker.advanceTimersByTime(30);
    debounced();
    mocker.advanceTimersByTime(60);
    expect(f).toHaveBeenCalledTimes(2);
  });
});

test('real timers after useRealTimers', async () => {
  await new Promise((resolve) => setTimeout(resolve, 5));
});
