/** One task of the page's main thread: its own work and its wall-clock span, in ms. */
export interface MainThreadTask {
  readonly work: number;
  readonly wall: number;
}

/** The tasks of the page's main thread in a Chromium trace (see trace.mjs). */
export function mainThreadTasks(trace: Uint8Array | string): MainThreadTask[];
