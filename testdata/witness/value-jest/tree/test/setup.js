// The project's own setup file: the tests check that it still ran.
global.projectSetupRan = true;
