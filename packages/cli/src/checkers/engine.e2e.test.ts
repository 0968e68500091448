/**
 * `checkers engine`, the persistent engine, spoken to line by line through a real child process:
 * each command is written to its standard input and its answers read from its standard output.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { INITIAL_FEN, legalMoves, moveToPdn, parseFen, parsePdnMove } from '@twenty48/checkers';
import { afterEach, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../../dist/checkers/main.js', import.meta.url));

/** An engine process, with its output lines queued until read. */
interface Engine {
  readonly child: ChildProcessWithoutNullStreams;
  send(line: string): void;
  /** The next output line (fails after 20 s). */
  next(): Promise<string>;
  /** Lines up to and including the first that matches. */
  until(pattern: RegExp): Promise<string[]>;
}

const running: Engine[] = [];

function startEngine(): Engine {
  if (!existsSync(MAIN)) throw new Error(`build first: ${MAIN} is missing (npm run build)`);
  // Without the database and the book: the protocol alone, quick to start and the same every run.
  const child = spawn(process.execPath, [MAIN, 'engine', '--no-egdb', '--no-book'], {
    stdio: 'pipe',
  });
  const queued: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    const taker = waiting.shift();
    if (taker) taker(line);
    else queued.push(line);
  });
  const next = (): Promise<string> => {
    const line = queued.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer from the engine')), 20_000);
      waiting.push((text) => {
        clearTimeout(timer);
        resolve(text);
      });
    });
  };
  const engine: Engine = {
    child,
    send: (line) => child.stdin.write(`${line}\n`),
    next,
    async until(pattern) {
      const lines: string[] = [];
      for (;;) {
        const line = await next();
        lines.push(line);
        if (pattern.test(line)) return lines;
      }
    },
  };
  running.push(engine);
  return engine;
}

afterEach(() => {
  for (const engine of running.splice(0)) engine.child.kill();
});

const INFO = /^info depth (\d+) score (-?\d+) nodes (\d+) pv( \d+([-x]\d+)+)*$/;

describe('checkers engine', () => {
  it('answers isready with readyok, every time', async () => {
    const engine = startEngine();
    engine.send('isready');
    expect(await engine.next()).toBe('readyok');
    engine.send('isready');
    expect(await engine.next()).toBe('readyok');
  });

  it('searches the start position to a fixed depth: info lines, then one legal bestmove', async () => {
    const engine = startEngine();
    engine.send('position startpos');
    engine.send('go depth 5');
    const lines = await engine.until(/^bestmove /);
    const infos = lines.slice(0, -1);
    expect(infos.map((line) => Number(INFO.exec(line)?.[1]))).toEqual([1, 2, 3, 4, 5]);
    const best = (lines.at(-1) ?? '').slice('bestmove '.length);
    const start = parseFen(INITIAL_FEN);
    if (!start.ok) throw new Error(start.error.message);
    expect(legalMoves(start.value).map(moveToPdn)).toContain(best);
    // The last info line's principal variation starts with the move played.
    expect(infos.at(-1)).toMatch(new RegExp(` pv ${best}( |$)`));
  });

  it('plays the moves of a position line, captures in full PDN', async () => {
    const engine = startEngine();
    // After 11-15 22-18, black must capture 15x22.
    engine.send('position startpos moves 11-15 22-18');
    engine.send('go movetime 50');
    expect(await engine.until(/^bestmove /)).toEqual(['bestmove 15x22']);
    engine.send('position fen B:W14,23,29:B1,9');
    engine.send('go depth 3');
    expect((await engine.until(/^bestmove /)).at(-1)).toBe('bestmove 9x18x27');
    // A multi-jump given with every landing square, then the reply searched.
    engine.send('position fen B:W14,23,29:B1,9 moves 9x18x27 29-25');
    engine.send('go depth 2');
    const best = (await engine.until(/^bestmove /)).at(-1) ?? '';
    const after = parseFen('B:W25:B1,K27');
    if (!after.ok) throw new Error(after.error.message);
    expect(parsePdnMove(after.value, best.slice(9)).ok).toBe(true);
  });

  it('answers bestmove none when the side to move has no legal move', async () => {
    const engine = startEngine();
    engine.send('position fen W:W:B1,2');
    engine.send('go depth 4');
    expect(await engine.next()).toBe('bestmove none');
    engine.send('position fen B:WK31,K32:B28');
    engine.send('go movetime 20');
    expect(await engine.next()).toBe('bestmove none');
  });

  it('searches to a node budget: the same answer every time, the search stopped near it', async () => {
    const fen = 'B:W10,13,16,21,25,26,27,28,30,31,32:B1,2,3,4,5,6,12,15,18,19';
    const search = async (engine: Engine, nodes: number): Promise<string[]> => {
      engine.send('newgame');
      engine.send(`position fen ${fen}`);
      engine.send(`go nodes ${nodes}`);
      return engine.until(/^bestmove /);
    };
    const first = startEngine();
    const small = await search(first, 5000);
    const large = await search(first, 60_000);
    // Another process, and the budgets the other way round: the same lines, word for word.
    const second = startEngine();
    expect(await search(second, 60_000)).toEqual(large);
    expect(await search(second, 5000)).toEqual(small);
    const reached = (lines: string[]) => lines.slice(0, -1).map((l) => Number(INFO.exec(l)?.[1]));
    const nodes = (lines: string[]) => lines.slice(0, -1).map((l) => Number(INFO.exec(l)?.[3]));
    // Each completed iteration is told, and the larger budget goes deeper.
    expect(Math.max(...reached(large))).toBeGreaterThan(Math.max(...reached(small)));
    // Each iteration told counts the nodes from the search's start, and every one before the
    // last ended under the budget: no iteration starts past it.
    for (const [lines, budget] of [
      [small, 5000],
      [large, 60_000],
    ] as const) {
      const counts = nodes(lines);
      expect(counts.slice(0, -1).every((n) => n < budget)).toBe(true);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
    }
  });

  it('keeps to its movetime within a few milliseconds', async () => {
    const engine = startEngine();
    engine.send('position fen B:W10,13,16,21,25,26,27,28,30,31,32:B1,2,3,4,5,6,12,15,18,19');
    engine.send('isready');
    await engine.next();
    const started = performance.now();
    engine.send('go movetime 300');
    await engine.until(/^bestmove /);
    const spent = performance.now() - started;
    // The search plus two pipes and a process switch; the bound is loose for a loaded machine
    // (measured figures are in the README, not here).
    expect(spent).toBeGreaterThan(250);
    expect(spent).toBeLessThan(1000);
  });

  it('answers a malformed or unknown line with one named error line and goes on', async () => {
    const engine = startEngine();
    const cases: [string, RegExp][] = [
      ['hello', /^error ERR_UNKNOWN_COMMAND unknown command "hello"/],
      ['position', /^error ERR_SYNTAX /],
      ['position middle', /^error ERR_SYNTAX .*"middle"/],
      ['position fen X:W1:B2', /^error ERR_FEN "X:W1:B2" is not a PDN FEN \(ERR_FEN\)$/],
      ['position fen B:W1 B:W2', /^error ERR_SYNTAX /],
      ['position startpos 11-15', /^error ERR_SYNTAX expected moves .*"11-15"$/],
      [
        'position startpos moves 11-15 11-15',
        /^error ERR_MOVE move 2 "11-15" in W:.*ERR_ILLEGAL_MOVE$/,
      ],
      ['position startpos moves 11-15 22-18 15-19', /^error ERR_MOVE .*ERR_CAPTURE_REQUIRED$/],
      ['position startpos moves 9-99', /^error ERR_MOVE .*ERR_SQUARE$/],
      ['go', /^error ERR_GO /],
      ['go movetime', /^error ERR_GO /],
      ['go movetime 0', /^error ERR_GO .*"0"$/],
      ['go movetime -5', /^error ERR_GO .*"-5"$/],
      ['go depth 65', /^error ERR_GO .*"65"$/],
      ['go depth 3 now', /^error ERR_GO /],
      ['go nodes 0', /^error ERR_GO .*"0"$/],
      ['go nodes 100000001', /^error ERR_GO .*"100000001"$/],
      ['go nodes many', /^error ERR_GO .*"many"$/],
      ['go infinite', /^error ERR_GO /],
    ];
    for (const [line, pattern] of cases) {
      engine.send(line);
      expect(await engine.next(), line).toMatch(pattern);
    }
    // None of those changed the position: still the start.
    engine.send('go depth 1');
    const best = (await engine.until(/^bestmove /)).at(-1) ?? '';
    expect(['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16']).toContain(best.slice(9));
  });

  it('shows outside text in an error escaped and cut, on one line', async () => {
    const engine = startEngine();
    engine.send(`\u001b[2J${'x'.repeat(500)}`);
    const line = await engine.next();
    expect(line).toMatch(
      /^error ERR_UNKNOWN_COMMAND unknown command "\\e\[2Jx+… \(504 characters\)"/,
    );
    expect(line.length).toBeLessThan(160);
    expect(line).not.toContain('\u001b');
    engine.send('position fen \u0007bell');
    expect(await engine.next()).toMatch(/^error ERR_FEN "\\x07bell" is not a PDN FEN/);
    engine.send('isready');
    expect(await engine.next()).toBe('readyok');
  });

  it('refuses a line that is too long, then goes on', async () => {
    const engine = startEngine();
    engine.send(`position startpos moves ${'11-15 '.repeat(20_000)}`);
    expect(await engine.next()).toMatch(/^error ERR_LINE_TOO_LONG /);
    engine.send('isready');
    expect(await engine.next()).toBe('readyok');
  });

  it('keeps its table between moves and forgets it after newgame', async () => {
    const engine = startEngine();
    const nodesOf = async (): Promise<number> => {
      engine.send('position fen B:W10,13,16,21,25,26,27,28,30,31,32:B1,2,3,4,5,6,12,15,18,19');
      engine.send('go depth 9');
      const lines = await engine.until(/^bestmove /);
      return Number(INFO.exec(lines.at(-2) ?? '')?.[3]);
    };
    const first = await nodesOf();
    const again = await nodesOf();
    expect(again).toBeLessThan(first / 2);
    engine.send('newgame');
    expect(await nodesOf()).toBe(first);
  });

  it('ends on quit, and at the end of its input', async () => {
    const engine = startEngine();
    const exited = new Promise<number | null>((resolve) => engine.child.on('exit', resolve));
    engine.send('quit');
    expect(await exited).toBe(0);
    const other = startEngine();
    const ended = new Promise<number | null>((resolve) => other.child.on('exit', resolve));
    other.child.stdin.end('isready\n');
    expect(await other.next()).toBe('readyok');
    expect(await ended).toBe(0);
  });
});
