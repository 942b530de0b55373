// Every matcher the embedded runner provides, each passing and failing. Names say which way.
const { Rect, Shape, ShapeError, parse } = require('../src/shapes');

describe('toBe', () => {
  test('passes on the same number', () => expect(1 + 1).toBe(2));
  test('fails on different numbers', () => expect(1 + 1).toBe(3));
  test('fails on equal objects that are not the same', () => expect({ a: 1 }).toBe({ a: 1 }));
  test('NaN is NaN', () => expect(NaN).toBe(NaN));
  test('fails on 0 and -0', () => expect(0).toBe(-0));
});

describe('toEqual', () => {
  test('passes on deep equal objects', () => expect({ a: [1, { b: 2 }] }).toEqual({ a: [1, { b: 2 }] }));
  test('fails on a different leaf', () => expect({ a: [1, { b: 2 }] }).toEqual({ a: [1, { b: 3 }] }));
  test('ignores undefined properties', () => expect({ a: 1, b: undefined }).toEqual({ a: 1 }));
  test('passes across classes', () => expect(new Rect(1, 2)).toEqual({ name: 'rect', w: 1, h: 2 }));
  test('compares Maps and Sets', () => expect(new Map([['k', new Set([1, 2])]])).toEqual(new Map([['k', new Set([2, 1])]])));
  test('fails on Maps with another value', () => expect(new Map([['k', 1]])).toEqual(new Map([['k', 2]])));
  test('compares Dates', () => expect(new Date(5)).toEqual(new Date(5)));
  test('fails on arrays of another length', () => expect([1, 2]).toEqual([1, 2, 3]));
});

describe('toStrictEqual', () => {
  test('passes on same shape', () => expect({ a: [1] }).toStrictEqual({ a: [1] }));
  test('fails on undefined properties', () => expect({ a: 1, b: undefined }).toStrictEqual({ a: 1 }));
  test('fails across classes', () => expect(new Rect(1, 2)).toStrictEqual({ name: 'rect', w: 1, h: 2 }));
  test('fails on sparse arrays', () => expect([, 1]).toStrictEqual([undefined, 1])); // eslint-disable-line no-sparse-arrays
});

describe('truthiness', () => {
  test('toBeDefined passes', () => expect(0).toBeDefined());
  test('toBeDefined fails', () => expect(undefined).toBeDefined());
  test('toBeUndefined passes', () => expect(undefined).toBeUndefined());
  test('toBeUndefined fails', () => expect(null).toBeUndefined());
  test('toBeNull passes', () => expect(null).toBeNull());
  test('toBeNull fails', () => expect(0).toBeNull());
  test('toBeNaN passes', () => expect(0 / 0).toBeNaN());
  test('toBeNaN fails', () => expect(1).toBeNaN());
  test('toBeTruthy passes', () => expect('x').toBeTruthy());
  test('toBeTruthy fails', () => expect('').toBeTruthy());
  test('toBeFalsy passes', () => expect(0).toBeFalsy());
  test('toBeFalsy fails', () => expect([]).toBeFalsy());
});

describe('collections', () => {
  test('toContain an item', () => expect([1, 2, 3]).toContain(2));
  test('toContain fails on a missing item', () => expect([1, 2, 3]).toContain(4));
  test('toContain a substring', () => expect('hello world').toContain('o w'));
  test('toContain is not deep', () => expect([{ a: 1 }]).toContain({ a: 1 }));
  test('toContainEqual is deep', () => expect([{ a: 1 }]).toContainEqual({ a: 1 }));
  test('toContainEqual fails', () => expect([{ a: 1 }]).toContainEqual({ a: 2 }));
  test('toHaveLength passes', () => expect('abc').toHaveLength(3));
  test('toHaveLength fails', () => expect([1]).toHaveLength(2));
  test('toHaveProperty by path', () => expect({ a: { b: [10, 20] } }).toHaveProperty('a.b.1', 20));
  test('toHaveProperty by array path', () => expect({ a: { 'b.c': 1 } }).toHaveProperty(['a', 'b.c']));
  test('toHaveProperty fails on a missing path', () => expect({ a: {} }).toHaveProperty('a.b'));
  test('toHaveProperty fails on another value', () => expect({ a: 1 }).toHaveProperty('a', 2));
});

describe('strings and objects', () => {
  test('toMatch a regex', () => expect('2x3').toMatch(/^\d+x\d+$/));
  test('toMatch a substring', () => expect('rectangle').toMatch('tang'));
  test('toMatch fails', () => expect('circle').toMatch(/rect/));
  test('toMatchObject a subset', () => expect(new Rect(2, 3)).toMatchObject({ w: 2, name: 'rect' }));
  test('toMatchObject nested', () => expect({ a: { b: 1, c: 2 }, d: [{ e: 1, f: 2 }] }).toMatchObject({ a: { b: 1 }, d: [{ e: 1 }] }));
  test('toMatchObject fails on a value', () => expect({ a: 1, b: 2 }).toMatchObject({ b: 3 }));
  test('toMatchObject fails on array length', () => expect({ d: [1, 2] }).toMatchObject({ d: [1] }));
  test('toBeInstanceOf passes', () => expect(new Rect(1, 1)).toBeInstanceOf(Shape));
  test('toBeInstanceOf fails', () => expect({}).toBeInstanceOf(Rect));
});

describe('numbers', () => {
  test('toBeGreaterThan passes', () => expect(3).toBeGreaterThan(2));
  test('toBeGreaterThan fails on equal', () => expect(2).toBeGreaterThan(2));
  test('toBeGreaterThanOrEqual passes on equal', () => expect(2).toBeGreaterThanOrEqual(2));
  test('toBeGreaterThanOrEqual fails', () => expect(1).toBeGreaterThanOrEqual(2));
  test('toBeLessThan passes', () => expect(1).toBeLessThan(2));
  test('toBeLessThan fails', () => expect(3).toBeLessThan(2));
  test('toBeLessThanOrEqual passes', () => expect(2).toBeLessThanOrEqual(2));
  test('toBeLessThanOrEqual fails', () => expect(3).toBeLessThanOrEqual(2));
  test('toBeCloseTo passes', () => expect(0.1 + 0.2).toBeCloseTo(0.3));
  test('toBeCloseTo fails', () => expect(0.1 + 0.2).toBeCloseTo(0.31));
  test('toBeCloseTo with digits', () => expect(1.0001).toBeCloseTo(1, 3));
  test('toBeCloseTo with digits fails', () => expect(1.001).toBeCloseTo(1, 3));
  test('comparing a string fails', () => expect('3').toBeGreaterThan(2));
});

describe('toThrow', () => {
  test('any throw', () => expect(() => parse('x')).toThrow());
  test('by class', () => expect(() => parse('x')).toThrow(ShapeError));
  test('by base class', () => expect(() => parse('x')).toThrow(Error));
  test('by message substring', () => expect(() => parse('x')).toThrow('bad spec'));
  test('by regex', () => expect(() => parse('x')).toThrow(/^bad spec: x$/));
  test('by error object', () => expect(() => parse('x')).toThrow(new Error('bad spec: x')));
  test('toThrowError alias', () => expect(() => parse('x')).toThrowError('spec'));
  test('fails when nothing throws', () => expect(() => parse('1x2')).toThrow());
  test('fails on another class', () => expect(() => parse('x')).toThrow(TypeError));
  test('fails on another message', () => expect(() => parse('x')).toThrow('good spec'));
  test('fails on a regex', () => expect(() => parse('x')).toThrow(/^spec/));
});

describe('not', () => {
  test('not.toBe passes', () => expect(1).not.toBe(2));
  test('not.toBe fails', () => expect(1).not.toBe(1));
  test('not.toEqual passes', () => expect({ a: 1 }).not.toEqual({ a: 2 }));
  test('not.toContain fails', () => expect([1]).not.toContain(1));
  test('not.toThrow passes', () => expect(() => parse('1x1')).not.toThrow());
  test('not.toThrow fails', () => expect(() => parse('y')).not.toThrow());
  test('not.toHaveProperty passes', () => expect({}).not.toHaveProperty('a'));
  test('not.toBeNull fails', () => expect(null).not.toBeNull());
});

describe('asymmetric', () => {
  test('any', () => expect({ n: 1, s: 'x', f() {}, r: new Rect(1, 1) }).toEqual({ n: expect.any(Number), s: expect.any(String), f: expect.any(Function), r: expect.any(Shape) }));
  test('any fails', () => expect({ n: '1' }).toEqual({ n: expect.any(Number) }));
  test('anything', () => expect([0, '']).toEqual([expect.anything(), expect.anything()]));
  test('anything fails on null', () => expect([null]).toEqual([expect.anything()]));
  test('objectContaining', () => expect({ a: 1, b: 2 }).toEqual(expect.objectContaining({ b: 2 })));
  test('objectContaining fails', () => expect({ a: 1 }).toEqual(expect.objectContaining({ b: 2 })));
  test('arrayContaining', () => expect([3, 1, 2]).toEqual(expect.arrayContaining([1, 3])));
  test('arrayContaining fails', () => expect([1, 2]).toEqual(expect.arrayContaining([4])));
  test('stringContaining', () => expect({ msg: 'bad spec: q' }).toEqual({ msg: expect.stringContaining('spec') }));
  test('stringContaining fails', () => expect('abc').toEqual(expect.stringContaining('d')));
  test('stringMatching', () => expect(['2x3']).toEqual([expect.stringMatching(/^\d+x\d+$/)]));
  test('stringMatching fails', () => expect('x').toEqual(expect.stringMatching(/y/)));
  test('not.objectContaining', () => expect({ a: 1 }).toEqual(expect.not.objectContaining({ a: 2 })));
  test('inside toHaveBeenCalledWith', () => {
    const f = (typeof vi !== 'undefined' ? vi : jest).fn();
    f({ id: 7, at: 'now' });
    expect(f).toHaveBeenCalledWith(expect.objectContaining({ id: expect.any(Number) }));
  });
});

describe('equality corners', () => {
  test('errors of another class with one message', () => expect(new TypeError('x')).toEqual(new Error('x')));
  test('errors with another message', () => expect(new Error('x')).toEqual(new Error('y')));
  test('array buffers by their bytes', () => expect(new Uint8Array([1, 2]).buffer).toEqual(new Uint8Array([1, 2]).buffer));
  test('array buffers that differ', () => expect(new Uint8Array([1, 2]).buffer).toEqual(new Uint8Array([1, 3]).buffer));
  test('typed arrays that differ', () => expect(new Uint8Array([1, 2])).toEqual(new Uint8Array([1, 3])));
  test('typed arrays of another type', () => expect(new Uint8Array([1])).toEqual(new Int8Array([1])));
  test('symbol keys count', () => expect({ [Symbol.for('k')]: 1 }).toEqual({ [Symbol.for('k')]: 2 }));
  test('non-enumerable properties do not', () => {
    const o = {};
    Object.defineProperty(o, 'hidden', { value: 1, enumerable: false });
    expect(o).toEqual({});
  });
  test('getters on the prototype do not', () => expect(new (class { get g() { return 1; } })()).toEqual({}));
  test('NaN equals NaN deeply', () => expect([NaN]).toEqual([NaN]));
  test('0 and -0 deeply', () => expect([0]).toEqual([-0]));
  test('Date and number', () => expect(new Date(0)).toEqual(0));
  test('boxed and primitive', () => expect(new String('a')).toEqual('a')); // eslint-disable-line no-new-wrappers
  test('nested undefined in arrays', () => expect([undefined]).toEqual([]));
  test('objects with null prototype', () => expect(Object.assign(Object.create(null), { a: 1 })).toEqual({ a: 1 }));
  test('objects with null prototype, strictly', () => expect(Object.assign(Object.create(null), { a: 1 })).toStrictEqual({ a: 1 }));
});
