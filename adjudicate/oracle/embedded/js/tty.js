// tty: node:tty as a test run sees it under the real runner, where no descriptor is a terminal
// (bond's command runner gives the oracle /dev/null for stdin and a file for stdout and stderr,
// internal/proc): isatty answers false for every descriptor, and ReadStream and WriteStream are
// classes with Node's prototype methods, so the probes libraries make (`debug`'s
// tty.isatty(process.stderr.fd), supports-color's, `stream instanceof tty.WriteStream`, a look
// at WriteStream.prototype.hasColors) answer as they do there. Constructing either opens a real
// descriptor, which the embedded runner never does: it is refused by name (tty.ReadStream,
// tty.WriteStream). Part of the embedded runtime.
  // ---------------------------------------------------------------- tty
  const ttyModule = lazyModule(() => {
    // Node validates nothing here: a non-integer, a negative or an out-of-range fd is simply
    // not a terminal.
    const isatty = function isatty(fd) { return false; };
    function ReadStream(fd, options) { refuse('tty.ReadStream'); }
    function WriteStream(fd) { refuse('tty.WriteStream'); }
    // Their methods exist (libraries probe them) but act on a terminal, which no instance is:
    // calling one on anything refuses it by name.
    for (const name of ['setRawMode']) {
      ReadStream.prototype[name] = function () { return refuse('tty.ReadStream.prototype.' + name); };
    }
    for (const name of ['getColorDepth', 'hasColors', 'getWindowSize', 'clearLine', 'clearScreenDown', 'cursorTo', 'moveCursor']) {
      WriteStream.prototype[name] = function () { return refuse('tty.WriteStream.prototype.' + name); };
    }
    return { isatty, ReadStream, WriteStream };
  });
