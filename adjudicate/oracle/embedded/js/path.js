// path: node:path (and node:path/posix) with Node's POSIX semantics and its argument errors. The
// Windows flavour (path.win32) and path.matchesGlob are refused, never guessed. Part of the
// embedded runtime.
  // ---------------------------------------------------------------- path
  // Its own scope: its functions keep Node's names (format, resolve, …) without shadowing the
  // runtime's.
  const pathModule = (() => {
    function mustBeString(v, name) {
      if (typeof v !== 'string') throw invalidArgType(name, 'string', v);
    }

    // collapse resolves the segments of p: empty and "." segments go, ".." drops the segment
    // before it, and a ".." with nothing before it stays unless the path is rooted (there is
    // nothing above the root). The result has no leading or trailing slash.
    function collapse(p, rooted) {
      const kept = [];
      for (const seg of p.split('/')) {
        if (seg === '' || seg === '.') continue;
        if (seg === '..') {
          if (kept.length && kept[kept.length - 1] !== '..') kept.pop();
          else if (!rooted) kept.push('..');
          continue;
        }
        kept.push(seg);
      }
      return kept.join('/');
    }

    function normalize(p) {
      mustBeString(p, 'path');
      if (p === '') return '.';
      const rooted = p[0] === '/';
      const trailing = p[p.length - 1] === '/';
      let body = collapse(p, rooted);
      if (body === '' && !rooted) body = '.';
      if (body !== '' && trailing) body += '/';
      return rooted ? '/' + body : body;
    }

    function join(...parts) {
      const kept = [];
      for (const part of parts) {
        mustBeString(part, 'path');
        if (part !== '') kept.push(part);
      }
      return kept.length ? normalize(kept.join('/')) : '.';
    }

    // resolve reads the arguments from the last to the first and stops at the first rooted one,
    // ahead of which nothing matters (nor is checked); when none is rooted the current directory,
    // process.cwd() as the tests see it, comes first.
    function resolve(...parts) {
      let joined = '';
      let rooted = false;
      for (let i = parts.length - 1; i >= -1 && !rooted; i--) {
        const part = i >= 0 ? parts[i] : g.process.cwd();
        mustBeString(part, 'paths[' + i + ']');
        if (part === '') continue;
        joined = joined === '' ? part : part + '/' + joined;
        rooted = part[0] === '/';
      }
      const body = collapse(joined, rooted);
      if (rooted) return '/' + body;
      return body === '' ? '.' : body;
    }

    function relative(from, to) {
      mustBeString(from, 'from');
      mustBeString(to, 'to');
      if (from === to) return '';
      const f = resolve(from).split('/').filter(Boolean);
      const t = resolve(to).split('/').filter(Boolean);
      let common = 0;
      while (common < f.length && common < t.length && f[common] === t[common]) common++;
      const up = [];
      for (let i = common; i < f.length; i++) up.push('..');
      return up.concat(t.slice(common)).join('/');
    }

    function isAbsolute(p) {
      mustBeString(p, 'path');
      return p.length > 0 && p[0] === '/';
    }

    function toNamespacedPath(p) {
      return p; // nothing to do on POSIX, and no check either
    }

    // dirname keeps everything before the separator that precedes the last name (trailing slashes
    // ignored), extra slashes of that separator included; a path whose only separator is at its
    // start keeps its root, "//" when it started with two slashes and the name came right after.
    function dirname(p) {
      mustBeString(p, 'path');
      if (p === '') return '.';
      const rooted = p[0] === '/';
      let i = p.length - 1;
      while (i >= 1 && p[i] === '/') i--;
      while (i >= 1 && p[i] !== '/') i--;
      if (i < 1) return rooted ? '/' : '.';
      if (rooted && i === 1) return '//';
      return p.slice(0, i);
    }

    // lastName finds the last name of p from index lo on, trailing slashes ignored: its start and
    // end (start === end when there is none; start is lo when no slash precedes it).
    function lastName(p, lo) {
      let end = p.length;
      while (end > lo && p[end - 1] === '/') end--;
      if (end === lo) return { start: lo, end };
      let start = end;
      while (start > lo && p[start - 1] !== '/') start--;
      return { start, end };
    }

    // basename is the last name of p. With a suffix (as long as p or shorter, and not p itself):
    // a name that ends with the suffix loses it, unless the name is the suffix; a name that is
    // itself the tail of a longer suffix comes back with p's trailing slashes (Node's answer);
    // any other name comes back whole.
    function basename(p, suffix) {
      mustBeString(p, 'path');
      if (suffix !== undefined) mustBeString(suffix, 'suffix');
      const { start, end } = lastName(p, 0);
      const name = p.slice(start, end);
      if (suffix === undefined || suffix.length === 0 || suffix.length > p.length) return name;
      if (suffix === p) return '';
      if (name.length > suffix.length && name.endsWith(suffix)) return name.slice(0, name.length - suffix.length);
      if (name.length <= suffix.length && suffix.endsWith(name)) return name.length === suffix.length ? name : p.slice(start);
      return name;
    }

    // extOf is the extension of a name: from its last dot on, unless that dot starts the name
    // (".profile") or the name is "..".
    function extOf(name) {
      const dot = name.lastIndexOf('.');
      if (dot <= 0 || name === '..') return '';
      return name.slice(dot);
    }

    function extname(p) {
      mustBeString(p, 'path');
      const { start, end } = lastName(p, 0);
      return extOf(p.slice(start, end));
    }

    // parse splits p as Node does; dir is what precedes the separator before the last name, which
    // for "//a" is "/" (where dirname says "//"), and "/.." has ext "." (where extname says "").
    function parse(p) {
      mustBeString(p, 'path');
      const out = { root: '', dir: '', base: '', ext: '', name: '' };
      if (p === '') return out;
      const rooted = p[0] === '/';
      const lo = rooted ? 1 : 0;
      if (rooted) out.root = '/';
      const { start, end } = lastName(p, lo);
      if (start > lo) out.dir = p.slice(0, start - 1);
      else if (rooted) out.dir = '/';
      if (end > start) {
        out.base = p.slice(start, end);
        // Node's parse makes an exception of ".." only when a separator it scanned precedes
        // it: "/.." (the name right after the root) has the extension ".", as "..." has.
        out.ext = rooted && start === lo && out.base === '..' ? '.' : extOf(out.base);
        out.name = out.base.slice(0, out.base.length - out.ext.length);
      }
      return out;
    }

    // format joins a parsed path back; the fields are read (and turned into strings) in the order
    // Node reads them, and an ext without its dot gets one.
    function format(pathObject) {
      if (pathObject === null || typeof pathObject !== 'object' || Array.isArray(pathObject)) {
        throw invalidArgType('pathObject', 'object', pathObject);
      }
      const dir = pathObject.dir || pathObject.root;
      let base = pathObject.base;
      if (!base) {
        const name = pathObject.name || '';
        const ext = pathObject.ext;
        base = `${name}${ext ? `${ext[0] === '.' ? '' : '.'}${ext}` : ''}`;
      }
      if (!dir) return base;
      return dir === pathObject.root ? `${dir}${base}` : `${dir}/${base}`;
    }

    // refusedPath is a property of node:path the runtime does not emulate: reading it is recorded
    // (so the run reports the runtime unsupported even if the throw is caught) and throws.
    function refusedPath(what) {
      return {
        enumerable: true,
        configurable: true,
        get() {
          const msg = what + ' is not available in the embedded runner; use --runner node';
          host.refuse(what);
          throw new Error(msg);
        },
      };
    }

    // The module is node:path, node:path/posix and path.posix at once, as on a POSIX Node; its
    // keys come in Node's order.
    const pathModule = {
      resolve, normalize, isAbsolute, join, relative, toNamespacedPath, dirname, basename, extname,
      format, parse,
    };
    Object.defineProperty(pathModule, 'matchesGlob', refusedPath('path.matchesGlob'));
    pathModule.sep = '/';
    pathModule.delimiter = ':';
    Object.defineProperty(pathModule, 'win32', refusedPath('path.win32'));
    pathModule.posix = pathModule;
    pathModule._makeLong = toNamespacedPath;
    return pathModule;
  })();
