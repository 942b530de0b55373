// A TypeScript config: vitest 3.0 has vite bundle it into node_modules/.vite-temp before loading
// it (3.1 added --configLoader runner, which loads it without writing).
import { defineConfig } from 'vitest/config';

const include: string[] = ['test/**/*.test.ts'];

export default defineConfig({
  test: { include },
});
