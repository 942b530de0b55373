// A TypeScript module a TypeScript test imports under tsx (TestHookTSX).
export function double(n: number): number {
  return n * 2;
}
