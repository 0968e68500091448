import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { PassThrough, type Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { MAX_ENV_LINE } from '@twenty48/ai';
import { newGame } from '@twenty48/engine';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { register, serveEnv } from './env.js';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

const TOO_LONG = {
  error: { code: 'ERR_TOO_LONG', message: `a line may hold at most ${MAX_ENV_LINE} characters` },
};

/** Run `2048 env` with these flags on these input lines; resolve with the reply lines. */
async function session(flags: string[], lines: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  const replies: string[] = [];
  output.on('data', (chunk: Buffer) =>
    replies.push(...chunk.toString().split('\n').filter(Boolean)),
  );
  const root = new Command().exitOverride().configureOutput({ writeErr: () => {} });
  register(root, { input, output });
  for (const command of root.commands) command.exitOverride();
  const done = root.parseAsync(['env', ...flags], { from: 'user' });
  input.end(lines.map((line) => `${line}\n`).join(''));
  await done;
  return replies.map((line) => JSON.parse(line));
}

describe('2048 env --stdio', () => {
  it('plays over JSON lines and stops at close', async () => {
    const replies = await session(
      ['--stdio'],
      [
        '{"cmd":"reset","seed":"cli"}',
        '{"cmd":"step","action":"left"}',
        'garbage',
        '{"cmd":"close"}',
        '{"cmd":"spec"}',
      ],
    );
    expect(replies[0].observation.board).toEqual(newGame('classic', 'cli').board);
    expect(replies[1]).toHaveProperty('reward');
    expect(replies[2]).toEqual({
      error: { code: 'ERR_JSON', message: 'each line must be one JSON object' },
    });
    expect(replies[3]).toEqual({ closed: true });
    expect(replies).toHaveLength(4);
  });

  it('takes the rules from flags', async () => {
    const replies = await session(['--stdio', '--rules', 'fiveTwelve'], ['{"cmd":"spec"}']);
    expect(replies[0].rules).toMatchObject({ name: 'fiveTwelve', merge: 'cascade' });
  });

  it('steps --envs N games together, a batch in and a batch out', async () => {
    const replies = await session(
      ['--stdio', '--envs', '2'],
      ['{"cmd":"reset","seed":"two"}', '{"cmd":"step","actions":[2,"up"]}', '{"cmd":"spec"}'],
    );
    expect(replies[0].observations[1].board).toEqual(newGame('classic', 'two-1').board);
    expect(replies[1].rewards).toHaveLength(2);
    expect(replies[1].truncated).toEqual([false, false]);
    expect(replies[2].envs).toBe(2);
    await expect(session(['--stdio', '--envs', '0'], [])).rejects.toThrow(/ERR_ENVS/);
  });

  it('needs --stdio', async () => {
    await expect(session([], [])).rejects.toThrow(/ERR_TRANSPORT/);
  });
});

describe('2048 env --stdio and over-long lines', { timeout: 120_000 }, () => {
  it('answers an over-long line once, as soon as it passes the limit, then the next line', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const replies: unknown[] = [];
    output.on('data', (chunk: Buffer) =>
      replies.push(
        ...chunk
          .toString()
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
      ),
    );
    const done = serveEnv(input, output, { rules: 'classic' });
    // The line is still open: the answer must not wait for its end.
    const answered = once(output, 'data');
    input.write('a'.repeat(MAX_ENV_LINE + 1));
    await answered;
    expect(replies).toEqual([TOO_LONG]);
    input.write(Buffer.alloc(20 * 1024 * 1024, 'a'));
    input.end('a\n{"cmd":"spec"}\n');
    expect(await done).toBe(0);
    expect(replies).toHaveLength(2);
    expect(replies[1]).toMatchObject({ actions: ['up', 'down', 'left', 'right'] });
  });

  it('takes a line of exactly the limit (CRLF too) to the protocol', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    const done = serveEnv(input, output, { rules: 'classic' });
    const padded = `{"cmd":"spec"}${' '.repeat(MAX_ENV_LINE - 14)}`;
    input.end(`${padded}\r\n${padded}\n${padded} \n`);
    expect(await done).toBe(0);
    const replies = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    const spec = ['actions', 'observation_space', 'action_space', 'reward_range', 'rules', 'envs'];
    expect(replies.map((reply) => Object.keys(reply))).toEqual([spec, spec, ['error']]);
    expect(replies[2]).toEqual(TOO_LONG);
  });

  it('survives an endless line through a real pipe in flat memory, then answers the next line', async () => {
    const child = spawn(process.execPath, [MAIN, 'env', '--stdio'], { stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.on('error', () => {}); // a crashed child closes the pipe: the assertions say so
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    let running = true;
    void exited.then(() => {
      running = false;
    });
    // 640 MiB without a newline: more than V8 can hold as one string.
    const megabyte = Buffer.alloc(1024 * 1024, 'a');
    for (let sent = 0; sent < 640 && running; sent++) {
      if (!child.stdin.write(megabyte)) await Promise.race([drained(child.stdin), exited]);
    }
    child.stdin.write('\n{"cmd":"spec"}\n');
    while (running && stdout.split('\n').length < 3) {
      await Promise.race([once(child.stdout, 'data'), exited]);
    }
    const peak = peakMemory(child.pid);
    child.stdin.end();
    const code = await exited;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const replies = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(replies).toHaveLength(2);
    expect(replies[0]).toEqual(TOO_LONG);
    expect(replies[1]).toHaveProperty('actions');
    if (peak !== null) expect(peak).toBeLessThan(256 * 1024 * 1024);
  });
});

/** Resolves when the stream can take more (never rejects: a closed pipe shows in the exit). */
const drained = (stream: Writable): Promise<void> =>
  new Promise((resolve) => stream.once('drain', resolve));

/** The peak resident memory of a running process in bytes (Linux's VmHWM), or null elsewhere. */
function peakMemory(pid: number | undefined): number | null {
  try {
    const kilobytes = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes === undefined ? null : Number(kilobytes) * 1024;
  } catch {
    return null;
  }
}
