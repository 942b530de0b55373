// fs: node:fs and node:fs/promises, read-only, over the repository the run sees (fs.go): the
// tree under process.cwd() with the run's mutant in place. readFileSync, existsSync, statSync,
// lstatSync, readdirSync (withFileTypes), realpathSync, accessSync (F_OK, R_OK) and their
// callback and promise forms answer as Node's do, with Node's error codes and messages (ENOENT,
// EISDIR, ENOTDIR). A path outside the repository, a file descriptor, writes of any kind,
// watchers, streams and the Stats fields that describe the machine (times, inode, owner) are
// refused by name, fs.member. Also __dirname, __filename and import.meta (url, dirname,
// filename) of the calling repository file, and url's fileURLToPath and pathToFileURL. Part of
// the embedded runtime.
  // ---------------------------------------------------------------- fs
  const fsModule = lazyModule(() => {
    const errnos = { ENOENT: [-2, 'no such file or directory'], EISDIR: [-21, 'illegal operation on a directory'],
      ENOTDIR: [-20, 'not a directory'], EACCES: [-13, 'permission denied'], EIO: [-5, 'i/o error'] };

    // sysError is Node's uvException: "CODE: description, syscall 'path'".
    function sysError(code, syscall, p) {
      const [errno, desc] = errnos[code] || errnos.EIO;
      const e = new Error(code + ': ' + desc + ', ' + syscall + (p === undefined ? '' : " '" + p + "'"));
      e.errno = errno;
      e.code = code;
      e.syscall = syscall;
      if (p !== undefined) e.path = p;
      return e;
    }

    // toPath is the absolute path an fs call names: a string, a Buffer or a file: URL, resolved
    // from cwd. A descriptor is refused: the view has none.
    function toPath(member, p) {
      if (typeof p === 'number') return refuse('fs.' + member + ' of a file descriptor');
      if (p instanceof Uint8Array) p = makeBuffer().Buffer.from(p).toString();
      else if (p !== null && typeof p === 'object' && typeof p.href === 'string' && typeof p.protocol === 'string') p = fileURLToPath(p);
      if (typeof p !== 'string') throw new NodeTypeError('ERR_INVALID_ARG_TYPE', 'The "path" argument must be of type string or an instance of Buffer or URL. Received ' + receivedText(p));
      if (p.indexOf('\u0000') !== -1) {
        const e = new NodeTypeError('ERR_INVALID_ARG_VALUE', "The argument 'path' must be a string, Uint8Array, or URL without null bytes. Received " + JSON.stringify(p));
        throw e;
      }
      return pathModule.resolve(p);
    }

    // call runs one host function and refuses a path outside the repository.
    function call(member, fn, abs, ...args) {
      const [code, val] = fn(abs, ...args);
      if (code === 'outside') return refuse('fs.' + member + ' of a path outside the repository');
      if (code === 'unsupported') return refuse('fs.' + member + ' of a file that is not a regular file or directory');
      if (code === 'too large') return refuse('fs.' + member + ' of a file over 64 MiB');
      return [code, val];
    }

    function encodingOf(member, options) {
      if (options === undefined || options === null) return [null, 'r'];
      if (typeof options === 'string') return [options, 'r'];
      if (typeof options === 'object') return [options.encoding === undefined ? null : options.encoding, options.flag === undefined ? 'r' : options.flag];
      throw new NodeTypeError('ERR_INVALID_ARG_TYPE', 'The "options" argument must be of type string or an instance of Object. Received ' + receivedText(options));
    }

    function readFileSync(p, options) {
      const [enc, flag] = encodingOf('readFileSync', options);
      if (flag !== 'r') return refuse("fs.readFileSync with flag '" + flag + "'");
      const abs = toPath('readFileSync', p);
      const [code, ab] = call('readFileSync', host.fsRead, abs);
      if (code === 'EISDIR') throw sysError(code, 'read');
      if (code) throw sysError(code, 'open', abs);
      const buf = makeBuffer().Buffer.from(new Uint8Array(ab));
      return enc === null || enc === 'buffer' ? buf : buf.toString(enc);
    }

    class Stats {}
    const kinds = { file: 0o100000, dir: 0o040000, link: 0o120000, other: 0 };
    for (const [name, kind] of [['isFile', 'file'], ['isDirectory', 'dir'], ['isSymbolicLink', 'link']]) {
      Stats.prototype[name] = function () { return (this.mode & 0o170000) === kinds[kind]; };
    }
    for (const name of ['isFIFO', 'isSocket', 'isBlockDevice', 'isCharacterDevice']) {
      Stats.prototype[name] = function () { return false; };
    }
    function makeStats(st) {
      const s = new Stats();
      s.mode = st.mode;
      s.size = st.size;
      refuseMembers(s, 'fs.Stats', ['dev', 'ino', 'nlink', 'uid', 'gid', 'rdev', 'blksize', 'blocks',
        'atimeMs', 'mtimeMs', 'ctimeMs', 'birthtimeMs', 'atime', 'mtime', 'ctime', 'birthtime']);
      return s;
    }

    function statWith(member, syscall, follow) {
      return function (p, options) {
        if (options && options.bigint) return refuse('fs.' + member + ' with bigint');
        const abs = toPath(member, p);
        const [code, st] = call(member, host.fsStat, abs, follow);
        if (code) {
          if (options && options.throwIfNoEntry === false && code === 'ENOENT') return undefined;
          throw sysError(code, syscall, abs);
        }
        return makeStats(st);
      };
    }
    const statSync = statWith('statSync', 'stat', true);
    const lstatSync = statWith('lstatSync', 'lstat', false);

    function existsSync(p) {
      let abs;
      try { abs = toPath('existsSync', p); } catch (e) { if (e && e.code) return false; throw e; }
      const [code] = call('existsSync', host.fsStat, abs, true);
      return !code;
    }

    class Dirent {
      constructor(name, kind, dir) { this.name = name; this.path = dir; this[kKind] = kind; }
      isFile() { return this[kKind] === 'file'; }
      isDirectory() { return this[kKind] === 'dir'; }
      isSymbolicLink() { return this[kKind] === 'link'; }
      isFIFO() { return false; }
      isSocket() { return false; }
      isBlockDevice() { return false; }
      isCharacterDevice() { return false; }
    }
    const kKind = Symbol('kind');

    function readdirSync(p, options) {
      if (options && typeof options === 'object' && options.recursive) return refuse('fs.readdirSync with recursive');
      const enc = typeof options === 'string' ? options : options && options.encoding;
      if (enc && enc !== 'utf8' && enc !== 'utf-8') return refuse("fs.readdirSync with encoding '" + enc + "'");
      const abs = toPath('readdirSync', p);
      const [code, ents] = call('readdirSync', host.fsReaddir, abs);
      if (code) throw sysError(code, 'scandir', abs);
      if (options && typeof options === 'object' && options.withFileTypes) return ents.map(([n, k]) => new Dirent(n, k, abs));
      return ents.map(([n]) => n);
    }

    function realpathSync(p, options) {
      if (options !== undefined && options !== null && options !== 'utf8' && options.encoding !== undefined && options.encoding !== 'utf8') {
        return refuse('fs.realpathSync with an encoding');
      }
      const abs = toPath('realpathSync', p);
      const [code, real] = call('realpathSync', host.fsRealpath, abs);
      if (code) throw sysError(code, 'lstat', abs);
      return real;
    }
    realpathSync.native = function native(p, options) {
      const abs = toPath('realpathSync.native', p);
      const [code, real] = call('realpathSync.native', host.fsRealpath, abs);
      if (code) throw sysError(code, 'realpath', abs);
      return real;
    };

    function accessSync(p, mode) {
      if (mode !== undefined && mode !== 0 && mode !== 4) return refuse('fs.accessSync with W_OK or X_OK (the view is read-only)');
      const abs = toPath('accessSync', p);
      const [code] = call('accessSync', host.fsStat, abs, true);
      if (code) throw sysError(code, 'access', abs);
    }

    // Node answers fs's callbacks and promises after the current turn, on I/O; setImmediate is
    // the runtime's nearest turn.
    const later = (fn) => g.setImmediate(fn);
    function callbackForm(member, sync) {
      return function (...args) {
        const cb = args.pop();
        if (typeof cb !== 'function') throw invalidArgType('cb', 'Function', cb);
        let res, err = null;
        try { res = sync(...args); } catch (e) { if (!(e && e.code && e.syscall)) throw e; err = e; }
        later(() => (err ? cb(err) : cb(null, res)));
      };
    }
    function promiseForm(sync) {
      return function (...args) {
        let res, err = null;
        try { res = sync(...args); } catch (e) { if (!(e && e.code && e.syscall)) throw e; err = e; }
        return new Promise((resolve, reject) => later(() => (err ? reject(err) : resolve(res))));
      };
    }

    const constants = { UV_FS_SYMLINK_DIR: 1, UV_FS_SYMLINK_JUNCTION: 2, O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2,
      UV_DIRENT_UNKNOWN: 0, UV_DIRENT_FILE: 1, UV_DIRENT_DIR: 2, UV_DIRENT_LINK: 3, UV_DIRENT_FIFO: 4,
      UV_DIRENT_SOCKET: 5, UV_DIRENT_CHAR: 6, UV_DIRENT_BLOCK: 7, S_IFMT: 61440, S_IFREG: 32768, S_IFDIR: 16384,
      S_IFCHR: 8192, S_IFBLK: 24576, S_IFIFO: 4096, S_IFLNK: 40960, S_IFSOCK: 49152, O_CREAT: 64, O_EXCL: 128,
      O_NOCTTY: 256, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536, O_NOATIME: 262144, O_NOFOLLOW: 131072,
      O_SYNC: 1052672, O_DSYNC: 4096, O_DIRECT: 16384, O_NONBLOCK: 2048, S_IRWXU: 448, S_IRUSR: 256, S_IWUSR: 128,
      S_IXUSR: 64, S_IRWXG: 56, S_IRGRP: 32, S_IWGRP: 16, S_IXGRP: 8, S_IRWXO: 7, S_IROTH: 4, S_IWOTH: 2,
      S_IXOTH: 1, F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, COPYFILE_EXCL: 1, COPYFILE_FICLONE: 2, COPYFILE_FICLONE_FORCE: 4 };

    const promises = {
      readFile: promiseForm(readFileSync), stat: promiseForm(statSync), lstat: promiseForm(lstatSync),
      readdir: promiseForm(readdirSync), realpath: promiseForm(realpathSync), access: promiseForm(accessSync),
      constants,
    };
    refuseMembers(promises, 'fs/promises', ['copyFile', 'cp', 'open', 'opendir', 'rename', 'truncate', 'rm', 'rmdir',
      'mkdir', 'readlink', 'symlink', 'statfs', 'link', 'unlink', 'chmod', 'lchmod', 'lchown', 'chown', 'utimes',
      'lutimes', 'mkdtemp', 'writeFile', 'appendFile', 'watch']);

    const fs = {
      readFileSync, existsSync, statSync, lstatSync, readdirSync, realpathSync, accessSync,
      readFile: callbackForm('readFile', readFileSync), stat: callbackForm('stat', statSync),
      lstat: callbackForm('lstat', lstatSync), readdir: callbackForm('readdir', readdirSync),
      realpath: callbackForm('realpath', realpathSync), access: callbackForm('access', accessSync),
      exists(p, cb) { const r = existsSync(p); later(() => cb(r)); },
      Stats, Dirent, constants, promises, F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1,
    };
    fs.realpath.native = callbackForm('realpath.native', realpathSync.native);
    refuseMembers(fs, 'fs', ['appendFile', 'appendFileSync', 'chown', 'chownSync', 'chmod', 'chmodSync', 'close',
      'closeSync', 'copyFile', 'copyFileSync', 'cp', 'cpSync', 'createReadStream', 'createWriteStream', 'fchown',
      'fchownSync', 'fchmod', 'fchmodSync', 'fdatasync', 'fdatasyncSync', 'fstat', 'fstatSync', 'fsync', 'fsyncSync',
      'ftruncate', 'ftruncateSync', 'futimes', 'futimesSync', 'lchown', 'lchownSync', 'lchmod', 'lchmodSync', 'link',
      'linkSync', 'lutimes', 'lutimesSync', 'mkdir', 'mkdirSync', 'mkdtemp', 'mkdtempSync', 'open', 'openSync',
      'openAsBlob', 'read', 'readSync', 'readv', 'readvSync', 'readlink', 'readlinkSync', 'rename', 'renameSync', 'rm',
      'rmSync', 'rmdir', 'rmdirSync', 'statfs', 'statfsSync', 'symlink', 'symlinkSync', 'truncate', 'truncateSync',
      'unwatchFile', 'unlink', 'unlinkSync', 'utimes', 'utimesSync', 'watch', 'watchFile', 'writeFile',
      'writeFileSync', 'write', 'writeSync', 'writev', 'writevSync', 'ReadStream', 'WriteStream', 'FileReadStream',
      'FileWriteStream', '_toUnixTimestamp', 'Dir', 'opendir', 'opendirSync']);
    return fs;
  });

  // fileURLToPath and pathToFileURL are node:url's, for file: URLs on POSIX.
  function fileURLToPath(u) {
    if (typeof u === 'string') u = new (urlModule().URL)(u);
    else if (u === null || typeof u !== 'object' || typeof u.href !== 'string') throw new NodeTypeError('ERR_INVALID_ARG_TYPE', 'The "path" argument must be of type string or an instance of URL. Received ' + receivedText(u));
    if (u.protocol !== 'file:') throw new NodeTypeError('ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
    if (u.hostname !== '') throw new NodeTypeError('ERR_INVALID_FILE_URL_HOST', 'File URL host must be "localhost" or empty on linux');
    const pathname = u.pathname;
    for (let n = 0; n < pathname.length; n++) {
      if (pathname[n] === '%' && (pathname[n + 2] || '').toLowerCase() === 'f' && pathname[n + 1] === '2') {
        throw new NodeTypeError('ERR_INVALID_FILE_URL_PATH', 'File URL path must not include encoded / characters');
      }
    }
    return decodeURIComponent(pathname);
  }
  function pathToFileURL(p) {
    let abs = pathModule.resolve(p);
    if (String(p).endsWith('/') && !abs.endsWith('/')) abs += '/';
    abs = abs.replace(/%/g, '%25').replace(/\\/g, '%5C').replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/\t/g, '%09');
    return new (urlModule().URL)('file://' + abs);
  }

  // callerPath is the absolute path of the repository file whose code read __dirname,
  // __filename or import.meta; a file outside the repository (a linked package) is refused.
  function callerPath(what) {
    const rel = host.callerFile();
    if (!rel) return refuse(what + ' of a file outside the repository');
    return pathModule.join(host.cwd, rel);
  }
  Object.defineProperty(g, '__filename', { configurable: true, get() { return callerPath('__filename'); } });
  Object.defineProperty(g, '__dirname', { configurable: true, get() { return pathModule.dirname(callerPath('__dirname')); } });
  // The bundler defines import.meta as __bond_import_meta (bundle.go).
  Object.defineProperty(g, '__bond_import_meta', { configurable: true, get() {
    const file = callerPath('import.meta');
    const meta = { url: pathToFileURL(file).href, dirname: pathModule.dirname(file), filename: file };
    // vite gives each module import.meta.env (and import.meta.vitest for in-source tests),
    // which Node's modules lack: refused by name under vitest rather than read as absent.
    refuseMembers(meta, 'import.meta', host.framework === 'vitest' ? ['resolve', 'env', 'vitest'] : ['resolve']);
    return meta;
  } });
