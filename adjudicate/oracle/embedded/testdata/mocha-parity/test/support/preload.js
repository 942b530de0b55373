'use strict';

// Preloaded with --require (test/required.js's run): mocha runs it once, before any test file,
// so what it sets is there from the first test and is no leak under --check-leaks.

process.env.SHELF_MODE = 'preloaded';
global.shelfPreloaded = true;
