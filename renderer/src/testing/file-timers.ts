/**
 * The timers a test file's code leaves pending are cleared when the file ends, as a page's end when
 * it closes. The files of a worker run one after another in one process (isolate: false), so without
 * this a debounced send of a file's modules (the analytics queue's, 5 s after its last event) would
 * fire during the next file and reach that file's stand-in server.
 */
export function clearTimersAtEnd(fileEnded: (clear: () => void) => void): void {
  const { setTimeout: startTimeout, setInterval: startInterval, clearTimeout } = globalThis;
  type Timer = ReturnType<typeof startTimeout>;
  const pending = new Set<Timer>();
  const timeout = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): Timer => {
    const timer = startTimeout(
      (...values: unknown[]) => {
        pending.delete(timer);
        callback(...values);
      },
      ms,
      ...args,
    );
    pending.add(timer);
    return timer;
  };
  const interval = (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): Timer => {
    const timer = startInterval(callback, ms, ...args);
    pending.add(timer);
    return timer;
  };
  globalThis.setTimeout = Object.assign(timeout, startTimeout) as typeof startTimeout;
  globalThis.setInterval = Object.assign(interval, startInterval) as typeof startInterval;
  fileEnded(() => {
    // Node clears an interval with clearTimeout as well.
    for (const timer of pending) clearTimeout(timer);
    pending.clear();
    globalThis.setTimeout = startTimeout;
    globalThis.setInterval = startInterval;
  });
}
