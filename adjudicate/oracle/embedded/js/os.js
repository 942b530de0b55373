// os: node:os's constants that are the same on every Linux machine (EOL, devNull, platform(),
// type(), endianness()), which is where the real runner runs. Everything that describes the
// machine (hostname, cpus, memory, network, user, uptime, release, …) would make a run depend on
// where it ran, and is refused by name. Part of the embedded runtime.
  // ---------------------------------------------------------------- os
  const osModule = lazyModule(() => {
    const os = {
      EOL: '\n',
      devNull: '/dev/null',
      platform: () => 'linux',
      type: () => 'Linux',
      endianness: () => 'LE',
    };
    refuseMembers(os, 'os', ['arch', 'availableParallelism', 'cpus', 'freemem', 'getPriority', 'homedir', 'hostname',
      'loadavg', 'networkInterfaces', 'release', 'setPriority', 'tmpdir', 'totalmem', 'userInfo', 'uptime', 'version',
      'machine', 'constants']);
    return os;
  });
