const { clamp } = require('../src/clamp.js');
for (let i = 0; i < 1000; i++) clamp(i, 10, 20);
