// A cancellable task runner, as a library would write one on AbortSignal: run(task, {signal})
// settles with the task's value, or rejects with the signal's reason once it aborts.
'use strict';

function run(task, { signal } = {}) {
  if (signal) signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal) signal.addEventListener('abort', onAbort, { once: true });
    setTimeout(() => {
      if (signal) signal.removeEventListener('abort', onAbort);
      if (signal && signal.aborted) return;
      resolve(task());
    }, 10);
  });
}

module.exports = { run };
