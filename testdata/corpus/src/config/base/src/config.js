'use strict';

function host(env) {
  return env.HOST || 'localhost';
}

function parsePort(s) { return Number(s); }

module.exports = { host, parsePort };
