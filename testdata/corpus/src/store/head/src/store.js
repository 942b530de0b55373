'use strict';

function load(store, key) {
  return store.get(key);
}

function save(store, key, value) {
  store.set(key, value);
  return true;
}

module.exports = { load, save };
