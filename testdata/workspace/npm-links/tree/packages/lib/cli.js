#!/usr/bin/env node
'use strict';

const { clamp } = require('./index.js');

const [x, lo, hi] = process.argv.slice(2).map(Number);
console.log(clamp(x, lo, hi));
