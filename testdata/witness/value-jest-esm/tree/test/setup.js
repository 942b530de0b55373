// The project's own setup file: the tests check that it ran before the package was imported.
globalThis.projectSetupRan = true;
