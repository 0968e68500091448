/**
 * What the terminal programs echo of text from outside: a server's error, arguments, file names
 * and FENs are shown with controls escaped and long values cut; and `2048 play --server` caps an
 * answer's size and time, and exits when the server does not answer.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const CHECKERS = fileURLToPath(new URL('../dist/checkers/main.js', import.meta.url));

const env = () => ({
  ...process.env,
  NO_COLOR: '1',
  TWENTY48_DATA_DIR: mkdtempSync(join(tmpdir(), 'twenty48-outside-')),
});

/** Run a program to its end, nothing on stdin. */
const run = (program: string, args: string[]) =>
  spawnSync(process.execPath, [program, ...args], {
    encoding: 'utf8',
    input: '',
    env: env(),
    timeout: 60_000,
  });

/** Run a program and wait for it, however long it takes (a test of whether it exits). */
function runAsync(program: string, args: string[]) {
  const child = spawn(process.execPath, [program, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: env(),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (data: string) => {
    stdout += data;
  });
  child.stderr.setEncoding('utf8').on('data', (data: string) => {
    stderr += data;
  });
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** The characters that would act on a terminal: C0 but newline, DEL, C1, bidi controls. */
const active = (text: string): string[] =>
  Array.from(text).filter((char) => {
    const code = char.charCodeAt(0);
    return (code < 0x20 && char !== '\n') || (code >= 0x7f && code <= 0x9f) || BIDI.test(char);
  });

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

/** A server that answers every request with `answer`. */
async function serving(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  server = createServer(answer);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('arguments, file names and FENs are echoed escaped and cut', () => {
  it('checkers bestmove --fen with an escape sequence', () => {
    const { stderr, status } = run(CHECKERS, ['bestmove', '--fen', 'W:W21,K3:B1,2\x1b[31m']);
    expect(status).toBe(2);
    expect(active(stderr)).toEqual([]);
    expect(stderr).toContain('\\e[31m');
    expect(stderr).toMatch(/\(ERR_FEN\)\n$/);
  });

  it('checkers bestmove --fen of 80 KB', () => {
    const { stderr, status } = run(CHECKERS, ['bestmove', '--fen', `W:W${'1'.repeat(80_000)}`]);
    expect(status).toBe(2);
    expect(stderr.length).toBeLessThan(1000);
    expect(stderr).toMatch(/\(ERR_FEN\)\n$/);
  });

  it('2048 replay of a file name with an escape sequence and a bidi override', () => {
    const { stderr, status } = run(MAIN, ['replay', '\x1b[31mx\u202Eevil']);
    expect(status).toBe(1);
    expect(active(stderr)).toEqual([]);
    expect(stderr).toContain('\\e[31mx\\u{202E}evil');
  });

  it("an option's bad value, as commander echoes it", () => {
    const { stderr, status } = run(MAIN, ['play', '--size', `\x1b[31m${'9'.repeat(5000)}`]);
    expect(status).toBe(2);
    expect(active(stderr)).toEqual([]);
    expect(stderr.length).toBeLessThan(1000);
    expect(stderr).toMatch(/\(ERR_INVALID_ARGUMENT\)\n$/);
  });
});

describe('2048 play --server and a hostile server', () => {
  it("shows the server's error escaped and cut", async () => {
    const url = await serving((_request, response) => {
      response.writeHead(429, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: 'ERR_RATE_LIMIT',
          message: `\x1b]0;owned\x07\x1b[2J\u202E${'x'.repeat(15_000)}`,
        }),
      );
    });
    const { stderr, status } = await runAsync(MAIN, ['play', '--plain', '--server', url]);
    expect(status).toBe(1);
    expect(active(stderr)).toEqual([]);
    expect(stderr).toContain('\\e]0;owned\\x07\\e[2J\\u{202E}xxx');
    expect(stderr.length).toBeLessThan(1000);
  }, 60_000);

  it('stops reading an answer past its size cap: ERR_ANSWER_TOO_LARGE, exit 1', async () => {
    let sent = 0;
    const url = await serving((_request, response) => {
      response.writeHead(201, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = (): void => {
        while (!response.destroyed && sent < 2 ** 31) {
          sent += chunk.length;
          if (!response.write(chunk)) {
            response.once('drain', pump);
            return;
          }
        }
      };
      pump();
    });
    const { stderr, status } = await runAsync(MAIN, ['play', '--plain', '--server', url]);
    expect(stderr).toMatch(/\(ERR_ANSWER_TOO_LARGE\)\n$/);
    expect(status).toBe(1);
    // It stopped reading: far less was sent than the 2 GB on offer.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it('says ERR_TIMEOUT when the server never answers, and exits', async () => {
    const url = await serving(() => {}); // the request is read, and never answered
    const { stderr, status } = await runAsync(MAIN, ['play', '--plain', '--server', url]);
    expect(stderr).toMatch(/\(ERR_TIMEOUT\)\n$/);
    expect(status).toBe(1);
  }, 60_000);
});
