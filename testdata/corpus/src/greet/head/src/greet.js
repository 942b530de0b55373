'use strict';

function shout(s) {
  return s.toUpperCase();
}

function greet(name) {
  if (name === "") {
    name = "stranger";
  }
  return "hello " + name;
}

module.exports = { shout, greet };
