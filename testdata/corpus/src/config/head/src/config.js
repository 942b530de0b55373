'use strict';

function host(env) {
  return env.HOST || 'localhost';
}

function parsePort(s) {
  const n = Number(s);
  if (Number.isNaN(n)) {
    return 80;
  }
  return n;
}

module.exports = { host, parsePort };
