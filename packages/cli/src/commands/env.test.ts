import { PassThrough } from 'node:stream';
import { newGame } from '@twenty48/engine';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { register } from './env.js';

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

  it('needs --stdio', async () => {
    await expect(session([], [])).rejects.toThrow(/ERR_TRANSPORT/);
  });
});
