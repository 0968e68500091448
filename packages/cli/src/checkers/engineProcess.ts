/**
 * An engine program run as a child process and spoken to in lines (the engine protocol of
 * `checkers engine`, or a peer's): what the match, the tuner's labelling and the movetime bench
 * all drive.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** An engine process and its output lines. */
export interface EngineProcess {
  readonly name: string;
  send(line: string): void;
  /** The next line, or null after `timeoutMs` or when the process has ended. */
  next(timeoutMs: number): Promise<string | null>;
  close(): void;
}

/**
 * Start `command` under `sh -c` as an engine speaking lines on its standard input and output:
 * lines queue until asked for; `next` gives null after its time or once the process has ended,
 * so a caller never waits on an engine that is gone.
 *
 * @example
 * const engine = startEngine('peer', 'node dist/checkers/main.js engine');
 * engine.send('isready'); await engine.next(5000) // 'readyok'
 */
export function startEngine(name: string, command: string): EngineProcess {
  const child: ChildProcessWithoutNullStreams = spawn('sh', ['-c', command], { stdio: 'pipe' });
  const queued: string[] = [];
  let waiting: ((line: string | null) => void) | null = null;
  let ended = false;
  child.stderr.resume();
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (waiting) {
      const taker = waiting;
      waiting = null;
      taker(line);
    } else queued.push(line);
  });
  child.on('exit', () => {
    ended = true;
    waiting?.(null);
    waiting = null;
  });
  child.stdin.on('error', () => {});
  return {
    name,
    send: (line) => {
      if (!ended) child.stdin.write(`${line}\n`);
    },
    next(timeoutMs) {
      const line = queued.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (ended) return Promise.resolve(null);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting = null;
          resolve(null);
        }, timeoutMs);
        waiting = (text) => {
          clearTimeout(timer);
          resolve(text);
        };
      });
    },
    close: () => {
      child.stdin.end('quit\n');
      setTimeout(() => child.kill(), 1000).unref();
    },
  };
}
