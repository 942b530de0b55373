// Matcher corners where runners are easy to get subtly wrong: each row passes or fails as the
// real runner decides, and the embedded runner must decide the same.
const { Rect, ShapeError } = require('../src/shapes');

const mocker = typeof vi !== 'undefined' ? vi : jest;

describe('toContain corners', () => {
  test('a Set', () => expect(new Set([1, 2])).toContain(2));
  test('a string in a string array', () => expect(['ab', 'cd']).toContain('ab'));
  test('a substring of an array item does not count', () => expect(['abc']).toContain('b'));
  test('NaN in an array', () => expect([NaN]).toContain(NaN));
  test('a number in a string', () => expect('a1b').toContain(1));
  test('toContainEqual with a class instance', () => expect([new Rect(1, 2)]).toContainEqual({ name: 'rect', w: 1, h: 2 }));
});

describe('toHaveProperty corners', () => {
  test('a property whose value is undefined', () => expect({ a: undefined }).toHaveProperty('a'));
  test('a property holding undefined, with undefined', () => expect({ a: undefined }).toHaveProperty('a', undefined));
  test('a missing property, with undefined', () => expect({}).toHaveProperty('a', undefined));
  test('an inherited getter', () => expect(new (class { get g() { return 1; } })()).toHaveProperty('g', 1));
  test('length of a string', () => expect('abc').toHaveProperty('length', 3));
  test('a deep value compared deeply', () => expect({ a: { b: [1, { c: 2 }] } }).toHaveProperty('a.b', [1, { c: 2 }]));
  test('a key with a dot through an array path', () => expect({ 'a.b': 1 }).toHaveProperty(['a.b'], 1));
  test('a key with a dot through a string path fails', () => expect({ 'a.b': 1 }).toHaveProperty('a.b', 1));
});

describe('toMatchObject corners', () => {
  test('extra keys in nested objects', () => expect({ a: { b: 1, c: 2 } }).toMatchObject({ a: { b: 1 } }));
  test('an array of objects as the whole', () => expect([{ a: 1, b: 2 }]).toMatchObject([{ a: 1 }]));
  test('undefined in the expected object', () => expect({ a: 1 }).toMatchObject({ a: 1, b: undefined }));
  test('a class instance against a class instance', () => expect(new Rect(1, 2)).toMatchObject(new Rect(1, 2)));
  test('a Date inside', () => expect({ d: new Date(1) }).toMatchObject({ d: new Date(1) }));
  test('asymmetric inside', () => expect({ a: 'xyz', n: 5 }).toMatchObject({ a: expect.stringMatching(/y/), n: expect.any(Number) }));
});

describe('toThrow corners', () => {
  test('a thrown string matches a substring', () => expect(() => { throw 'bad thing'; }).toThrow('bad')); // eslint-disable-line no-throw-literal
  test('a thrown object with a message', () => expect(() => { throw { message: 'obj' }; }).toThrow('obj')); // eslint-disable-line no-throw-literal
  test('an error subclass by its parent', () => expect(() => { throw new ShapeError('s'); }).toThrow(Error));
  test('an asymmetric matcher', () => expect(() => { throw new ShapeError('s'); }).toThrow(expect.objectContaining({ message: 's' })));
  test('a function returning a rejection does not throw', () => {
    const p = Promise.reject(new Error('later'));
    p.catch(() => {});
    expect(() => p).toThrow();
  });
  test('an empty string matches any message', () => expect(() => { throw new Error('x'); }).toThrow(''));
});

describe('mock corners', () => {
  test('mockReset clears the implementation', () => {
    const f = mocker.fn(() => 1);
    f.mockReset();
    expect(f()).toBeUndefined();
  });
  test('a spy after mockReset', () => {
    const o = { f: () => 1 };
    const spy = mocker.spyOn(o, 'f');
    spy.mockReset();
    expect(o.f()).toBeUndefined();
  });
  test('clearAllMocks keeps implementations', () => {
    const f = mocker.fn(() => 7);
    f();
    mocker.clearAllMocks();
    expect(f).not.toHaveBeenCalled();
    expect(f()).toBe(7);
  });
  test('calls record this-less arguments by reference', () => {
    const f = mocker.fn();
    const arg = { n: 1 };
    f(arg);
    arg.n = 2;
    expect(f).toHaveBeenCalledWith({ n: 2 });
  });
  test('toHaveBeenCalledWith matches any call', () => {
    const f = mocker.fn();
    f(1);
    f(2);
    expect(f).toHaveBeenCalledWith(1);
  });
  test('toHaveBeenLastCalledWith fails on an earlier call', () => {
    const f = mocker.fn();
    f(1);
    f(2);
    expect(f).toHaveBeenLastCalledWith(1);
  });
  test('a throwing mock records its throw', () => {
    const f = mocker.fn(() => { throw new Error('t'); });
    expect(() => f()).toThrow('t');
    expect(f.mock.results[0].type).toBe('throw');
  });
  test('toHaveReturned fails when it threw', () => {
    const f = mocker.fn(() => { throw new Error('t'); });
    try { f(); } catch (e) { /* recorded */ }
    expect(f).toHaveReturned();
  });
});
