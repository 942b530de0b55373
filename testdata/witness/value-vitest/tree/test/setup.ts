// The project's own setup file: the tests check that it ran, once, before them. vitest runs it
// before each test file; the count starts again after each file, for runs without isolation.
import { afterAll } from 'vitest';

const g = globalThis as { projectSetupRuns?: number };
g.projectSetupRuns = (g.projectSetupRuns ?? 0) + 1;
afterAll(() => {
  g.projectSetupRuns = 0;
});
