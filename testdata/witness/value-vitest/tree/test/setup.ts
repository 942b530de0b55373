// The project's own setup file: the tests check that it ran, once, before them.
const g = globalThis as { projectSetupRuns?: number };
g.projectSetupRuns = (g.projectSetupRuns ?? 0) + 1;
