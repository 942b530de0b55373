// A require hook of the command's own, as @babel/register is: it compiles a test file's
// `import { names } from 'spec';` lines into require calls before Node runs the file, so the
// test file is written with ES-module imports and loaded as CommonJS.
'use strict';
const fs = require('fs');
const path = require('path');
const Module = require('module');
const js = Module._extensions['.js'];
Module._extensions['.js'] = function (module, filename) {
  if (!filename.includes(path.sep + 'test' + path.sep)) return js(module, filename);
  const src = fs.readFileSync(filename, 'utf8').replace(/^import \{([^}]*)\} from ('[^']*');$/gm, 'const {$1} = require($2);');
  module._compile(src, filename);
};
