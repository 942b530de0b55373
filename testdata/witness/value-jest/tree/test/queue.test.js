const lib = require('../src');

describe('drain', () => {
  test('takes items off the front', () => {
    const q = ['a', 'b', 'c'];
    lib.drain(q, 2); // what drain returns is not looked at
    expect(q).toEqual(['c']);
  });

  test('the module is the same module, and no mock', () => {
    expect(require('../src')).toBe(lib);
    expect(lib.drain).toBe(lib.drain);
    expect(jest.isMockFunction(lib.drain)).toBe(false);
    const spy = jest.spyOn(lib, 'pad');
    expect(lib.pad).toBe(spy);
    expect(jest.isMockFunction(lib.pad)).toBe(true);
    expect(lib.pad(3, 2)).toBe('03');
    expect(spy).toHaveBeenCalledWith(3, 2);
    spy.mockRestore();
    expect(jest.isMockFunction(lib.pad)).toBe(false);
  });

  test('the project setup file ran', () => {
    expect(global.projectSetupRan).toBe(true);
  });
});
