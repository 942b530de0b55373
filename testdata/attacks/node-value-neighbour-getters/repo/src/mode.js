// mode names the speed the options ask for.
function mode(opts) {
  return opts.fast ? 'fast' : 'slow';
}

module.exports = { mode };
