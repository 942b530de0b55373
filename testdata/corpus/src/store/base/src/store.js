'use strict';

function load(store, key) {
  return store.get(key);
}

module.exports = { load };
