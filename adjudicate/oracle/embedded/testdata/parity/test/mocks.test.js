// Mock functions and spies: call records, canned results, implementations, call assertions,
// spyOn and restore. `mocker` is jest or vi, whichever runner runs the file.
const { total, Rect } = require('../src/shapes');

const mocker = typeof vi !== 'undefined' ? vi : jest;

describe('fn', () => {
  test('records calls', () => {
    const log = mocker.fn();
    total([new Rect(1, 2), new Rect(3, 4)], log);
    expect(log).toHaveBeenCalled();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log).toHaveBeenCalledWith('rect', 12);
    expect(log).toHaveBeenLastCalledWith('rect', 12);
    expect(log).toHaveBeenNthCalledWith(1, 'rect', 2);
    expect(log.mock.calls).toEqual([['rect', 2], ['rect', 12]]);
  });
  test('toHaveBeenCalled fails when never called', () => {
    expect(mocker.fn()).toHaveBeenCalled();
  });
  test('not.toHaveBeenCalled fails when called', () => {
    const f = mocker.fn();
    f();
    expect(f).not.toHaveBeenCalled();
  });
  test('toHaveBeenCalledTimes fails on another count', () => {
    const f = mocker.fn();
    f();
    expect(f).toHaveBeenCalledTimes(2);
  });
  test('toHaveBeenCalledWith fails on other arguments', () => {
    const f = mocker.fn();
    f(1, 2);
    expect(f).toHaveBeenCalledWith(1, 3);
  });
  test('mockReturnValue and once', () => {
    const f = mocker.fn().mockReturnValue(1).mockReturnValueOnce(9);
    expect([f(), f(), f()]).toEqual([9, 1, 1]);
  });
  test('mockImplementation', () => {
    const f = mocker.fn().mockImplementation((a, b) => a * b);
    expect(f(3, 4)).toBe(12);
    expect(f).toHaveReturnedWith(12);
    expect(f.mock.results[0]).toEqual({ type: 'return', value: 12 });
  });
  test('fn with an implementation', () => {
    const f = mocker.fn((x) => x + 1);
    expect(f(1)).toBe(2);
  });
  test('mockResolvedValue', async () => {
    const f = mocker.fn().mockResolvedValue('ok');
    await expect(f()).resolves.toBe('ok');
  });
  test('mockRejectedValue', async () => {
    const f = mocker.fn().mockRejectedValue(new Error('no'));
    await expect(f()).rejects.toThrow('no');
  });
  test('mockClear forgets calls', () => {
    const f = mocker.fn();
    f(1);
    f.mockClear();
    expect(f).not.toHaveBeenCalled();
    expect(f.mock.calls).toHaveLength(0);
  });
  test('a mock used as a constructor records instances', () => {
    const F = mocker.fn(function () { this.x = 1; });
    const o = new F();
    expect(F.mock.instances[0]).toBe(o);
  });
  test('toHaveBeenCalled on a plain function is a matcher error', () => {
    expect(() => {}).toHaveBeenCalled();
  });
});

describe('spyOn', () => {
  test('calls through and records', () => {
    const r = new Rect(2, 5);
    const spy = mocker.spyOn(r, 'area');
    expect(r.area()).toBe(10);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
  test('replaces the implementation and restores', () => {
    const obj = { greet: (n) => 'hi ' + n };
    const spy = mocker.spyOn(obj, 'greet').mockImplementation(() => 'bye');
    expect(obj.greet('a')).toBe('bye');
    spy.mockRestore();
    expect(obj.greet('a')).toBe('hi a');
  });
  test('spy on Math.random', () => {
    const spy = mocker.spyOn(Math, 'random').mockReturnValue(0.5);
    expect(Math.random()).toBe(0.5);
    spy.mockRestore();
    expect(Math.random()).not.toBe(0.5);
  });
  test('spy assertion fails', () => {
    const obj = { f() {} };
    const spy = mocker.spyOn(obj, 'f');
    expect(spy).toHaveBeenCalled();
  });
  test('restoreAllMocks', () => {
    const obj = { f: () => 1 };
    mocker.spyOn(obj, 'f').mockReturnValue(2);
    expect(obj.f()).toBe(2);
    mocker.restoreAllMocks();
    expect(obj.f()).toBe(1);
  });
});
