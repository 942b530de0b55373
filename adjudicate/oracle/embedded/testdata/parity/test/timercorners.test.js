// Fake-timer corners: what runs when, under each runner's defaults.
const mocker = typeof vi !== 'undefined' ? vi : jest;

afterEach(() => { mocker.useRealTimers(); });

test('nextTick under fake timers', async () => {
  mocker.useFakeTimers();
  let ran = false;
  process.nextTick(() => { ran = true; });
  await Promise.resolve();
  await Promise.resolve();
  expect(ran).toBe(true);
});

test('queueMicrotask under fake timers', async () => {
  mocker.useFakeTimers();
  let ran = false;
  queueMicrotask(() => { ran = true; });
  await Promise.resolve();
  expect(ran).toBe(true);
});

test('setImmediate under fake timers waits for the clock', () => {
  mocker.useFakeTimers();
  let ran = false;
  setImmediate(() => { ran = true; });
  expect(ran).toBe(false);
  mocker.runAllTimers();
  expect(ran).toBe(true);
});

test('a zero delay runs on advancing by zero', () => {
  mocker.useFakeTimers();
  const f = mocker.fn();
  setTimeout(f, 0);
  mocker.advanceTimersByTime(0);
  expect(f).toHaveBeenCalled();
});

test('Date.now starts at the configured time', () => {
  mocker.useFakeTimers({ now: 1000 });
  expect(Date.now()).toBe(1000);
  mocker.advanceTimersByTime(5);
  expect(Date.now()).toBe(1005);
});

test('a runaway interval makes runAllTimers throw', () => {
  mocker.useFakeTimers();
  setInterval(() => {}, 1);
  expect(() => mocker.runAllTimers()).toThrow();
});

test('timers set before faking stay real', async () => {
  let ran = false;
  setTimeout(() => { ran = true; }, 5);
  mocker.useFakeTimers();
  mocker.useRealTimers();
  await new Promise((r) => setTimeout(r, 20));
  expect(ran).toBe(true);
});

test('advanceTimersByTime without fake timers', () => {
  mocker.advanceTimersByTime(10);
});

test('getTimerCount', () => {
  mocker.useFakeTimers();
  setTimeout(() => {}, 10);
  setTimeout(() => {}, 20);
  expect(mocker.getTimerCount()).toBe(2);
});

test('clearAllTimers', () => {
  mocker.useFakeTimers();
  const f = mocker.fn();
  setTimeout(f, 10);
  mocker.clearAllTimers();
  mocker.runAllTimers();
  expect(f).not.toHaveBeenCalled();
});
