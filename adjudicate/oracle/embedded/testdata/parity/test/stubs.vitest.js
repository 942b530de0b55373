// vitest only: vi.stubEnv, vi.unstubAllEnvs, vi.stubGlobal and vi.unstubAllGlobals. The variables
// and globals are ones neither vitest's process nor the runtime has, so both start from absent.
import { describe, it, expect, vi } from 'vitest';

const readEnv = (name) => process.env[name];

describe('vi.stubEnv', () => {
  it('sets a variable as a string and unstubbing removes it', () => {
    expect(vi.stubEnv('BOND_STUB_A', 'on')).toBe(vi);
    expect(readEnv('BOND_STUB_A')).toBe('on');
    vi.stubEnv('BOND_STUB_N', 42);
    expect(readEnv('BOND_STUB_N')).toBe('42');
    vi.unstubAllEnvs();
    expect('BOND_STUB_A' in process.env).toBe(false);
    expect(readEnv('BOND_STUB_N')).toBe(undefined);
  });
  it('restores the value before the first stub', () => {
    process.env.BOND_STUB_B = 'orig';
    vi.stubEnv('BOND_STUB_B', 'one');
    vi.stubEnv('BOND_STUB_B', 'two');
    expect(readEnv('BOND_STUB_B')).toBe('two');
    vi.unstubAllEnvs();
    expect(readEnv('BOND_STUB_B')).toBe('orig');
    delete process.env.BOND_STUB_B;
  });
  it('undefined deletes the variable until unstubbed', () => {
    process.env.BOND_STUB_C = 'here';
    vi.stubEnv('BOND_STUB_C', undefined);
    expect('BOND_STUB_C' in process.env).toBe(false);
    vi.unstubAllEnvs();
    expect(readEnv('BOND_STUB_C')).toBe('here');
    delete process.env.BOND_STUB_C;
  });
  it('the boolean variables PROD, DEV and SSR', () => {
    vi.stubEnv('PROD', true);
    vi.stubEnv('DEV', false);
    expect([readEnv('PROD'), readEnv('DEV')]).toEqual(['1', '']);
    vi.unstubAllEnvs();
  });
  it('a stub stays for the next test of the file (part 1)', () => {
    vi.stubEnv('BOND_STUB_D', 'kept');
  });
  it('a stub stays for the next test of the file (part 2)', () => {
    expect(readEnv('BOND_STUB_D')).toBe('kept');
    vi.unstubAllEnvs();
  });
  it('a library that branches on NODE_ENV', () => {
    const mode = () => (process.env.NODE_ENV === 'production' ? 'prod' : 'dev');
    vi.stubEnv('NODE_ENV', 'production');
    expect(mode()).toBe('prod');
    vi.unstubAllEnvs();
    expect(mode()).toBe('dev');
  });
  it('fails when the stub is not what the test expects', () => {
    vi.stubEnv('BOND_STUB_E', 'x');
    expect(readEnv('BOND_STUB_E')).toBe('y');
  });
});

describe('vi.stubGlobal', () => {
  it('defines a global the code reads by name, and unstubbing removes it', () => {
    expect(vi.stubGlobal('bondStubG', { n: 1 })).toBe(vi);
    // eslint-disable-next-line no-undef
    expect(bondStubG.n).toBe(1);
    expect(Object.getOwnPropertyDescriptor(globalThis, 'bondStubG')).toEqual({ value: { n: 1 }, writable: true, configurable: true, enumerable: true });
    vi.unstubAllGlobals();
    expect(typeof globalThis.bondStubG).toBe('undefined');
    expect('bondStubG' in globalThis).toBe(false);
  });
  it('restores a global that existed, with its descriptor', () => {
    Object.defineProperty(globalThis, 'bondStubH', { value: 'orig', writable: false, configurable: true, enumerable: false });
    vi.stubGlobal('bondStubH', 'one');
    vi.stubGlobal('bondStubH', 'two');
    expect(globalThis.bondStubH).toBe('two');
    vi.unstubAllGlobals();
    expect(Object.getOwnPropertyDescriptor(globalThis, 'bondStubH')).toEqual({ value: 'orig', writable: false, configurable: true, enumerable: false });
    delete globalThis.bondStubH;
  });
  it('fails when the global is not what the test expects', () => {
    vi.stubGlobal('bondStubI', 1);
    expect(globalThis.bondStubI).toBe(2);
  });
});
