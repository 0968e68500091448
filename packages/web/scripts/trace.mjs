// Reading a Chromium performance trace (browser.startTracing / stopTracing), shared by the feel
// benchmark (feel-bench.mjs) and the auto-play spec (e2e/quick.spec.ts).

/**
 * The tasks of the page's main thread in a trace, in milliseconds: `work` is the thread's own
 * work (`tdur`), `wall` the wall-clock span (`dur`). On a loaded machine a short task can wait
 * long for a core; that wait is no stall of the page's making, so stalls are judged on `work`.
 * Chromium leaves `tdur` out of some tasks of a microsecond or so; a thread's own work never
 * exceeds the wall-clock span, so such a task's `work` is its `dur`.
 *
 * @example
 * mainThreadTasks(await browser.stopTracing()).filter((task) => task.work >= 50) // []
 */
export function mainThreadTasks(trace) {
  const events = JSON.parse(trace.toString()).traceEvents;
  const main = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`))
    .map((e) => ({
      work: (e.tdur ?? e.dur ?? Number.NaN) / 1000,
      wall: (e.dur ?? Number.NaN) / 1000,
    }));
}
