// A cancellable task runner, as a library would write one on AbortSignal: run(task, {signal})
// settles with the task's value after delayMs, or rejects with the signal's reason once it aborts
// (and then drops the pending task).
'use strict';

function run(task, { signal, delayMs = 10 } = {}) {
  if (signal) signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    let timer = null;
    const onAbort = () => reject(signal.reason);
    if (signal) signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    if (signal) signal.addEventListener('abort', onAbort, { once: true });
    timer = setTimeout(() => {
      if (signal) signal.removeEventListener('abort', onAbort);
      if (signal && signal.aborted) return;
      resolve(task());
    }, delayMs);
  });
}

module.exports = { run };
