import { makeRecord, newGame, parseRecord, recordOf, replay } from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { ACTIONS, createEnv } from './env.js';
import { createEnvProtocol } from './env-protocol.js';
import { greedyPlayer } from './player.js';

describe('createEnv', () => {
  it('starts the same game as newGame for a seed', () => {
    const env = createEnv('classic');
    const observation = env.reset('gym-1');
    const game = newGame('classic', 'gym-1');
    expect(observation.board).toEqual(game.board);
    expect(observation).toMatchObject({ score: 0, status: 'playing', moves: 0 });
    expect(observation.legal.length).toBeGreaterThan(0);
  });

  it('plays an episode to the end: rewards add up to the score, the record replays', () => {
    const env = createEnv('classic');
    let observation = env.reset('episode');
    let total = 0;
    let terminated = false;
    while (!terminated) {
      const game = env.game();
      if (!game) throw new Error('no game after reset');
      const direction = greedyPlayer(game);
      if (!direction) break;
      // Actions by index, as a Gym agent sends them.
      const transition = env.step(ACTIONS.indexOf(direction));
      expect(transition.info.moved).toBe(true);
      total += transition.reward;
      observation = transition.observation;
      terminated = transition.terminated;
    }
    expect(terminated).toBe(true);
    expect(observation.status).toBe('lost');
    expect(total).toBe(observation.score);
    const game = env.game();
    if (!game) throw new Error('no game');
    const record = parseRecord(makeRecord(recordOf(game)));
    expect(record.ok && replay(record.value)).toMatchObject({ ok: true, value: { score: total } });
    expect(() => env.step('left')).toThrow(/over/);
  });

  it('gives no reward for a move that changes nothing, and refuses nonsense', () => {
    const env = createEnv('classic');
    expect(() => env.step('up')).toThrow(/reset/);
    const first = env.reset('still');
    const stuck = (['up', 'down', 'left', 'right'] as const).find((d) => !first.legal.includes(d));
    if (stuck) {
      const transition = env.step(stuck);
      expect(transition).toMatchObject({ reward: 0, terminated: false, info: { moved: false } });
    }
    expect(() => env.step(7)).toThrow(/unknown action/);
    expect(() => env.step('north' as 'up')).toThrow(/unknown action/);
  });
});

describe('the JSON-lines protocol', () => {
  const session = () => {
    const protocol = createEnvProtocol('classic');
    return (line: string) => {
      const reply = protocol(line);
      return reply === null ? null : { ...reply, value: JSON.parse(reply.line) };
    };
  };

  it('resets, steps, describes itself and closes', () => {
    const send = session();
    const reset = send('{"cmd":"reset","seed":"lines"}');
    expect(reset?.value.observation.board).toEqual(newGame('classic', 'lines').board);
    const direction = reset?.value.observation.legal[0];
    const stepped = send(JSON.stringify({ cmd: 'step', action: direction }));
    expect(stepped?.value).toMatchObject({ terminated: false, info: { moved: true } });
    expect(stepped?.value.observation.moves).toBe(1);
    expect(send('{"cmd":"spec"}')?.value).toMatchObject({
      actions: ['up', 'down', 'left', 'right'],
    });
    expect(send('   ')).toBeNull();
    expect(send('{"cmd":"close"}')).toMatchObject({ close: true, value: { closed: true } });
  });

  it('switches rules on reset', () => {
    const send = session();
    send('{"cmd":"reset","seed":"t","rules":"tiers"}');
    expect(send('{"cmd":"spec"}')?.value.rules.merge).toBe('chain');
  });

  it('answers every bad line with a named error and carries on', () => {
    const send = session();
    const code = (line: string) => send(line)?.value.error?.code;
    expect(code('{"cmd":"step","action":"left"}')).toBe('ERR_NOT_RESET');
    expect(code('not json')).toBe('ERR_JSON');
    expect(code('[1,2]')).toBe('ERR_JSON');
    expect(code(`{"cmd":"reset","seed":"${'x'.repeat(70_000)}"}`)).toBe('ERR_TOO_LONG');
    expect(code('{"cmd":"jump"}')).toBe('ERR_COMMAND');
    expect(code('{"cmd":"reset","seed":"a b"}')).toBe('ERR_SEED');
    expect(code('{"cmd":"reset","seed":"a","rules":"chess"}')).toBe('ERR_UNKNOWN_RULES');
    expect(code('{"cmd":"reset","seed":"a","rules":{"name":"x","size":99}}')).toBe('ERR_SIZE');
    expect(send('{"cmd":"reset","seed":"ok"}')?.value.observation).toBeDefined();
    expect(code('{"cmd":"step","action":"north"}')).toBe('ERR_ACTION');
    expect(code('{"cmd":"step","action":4}')).toBe('ERR_ACTION');
    expect(code('{"cmd":"step","action":1.5}')).toBe('ERR_ACTION');
    expect(send('{"cmd":"step","action":2}')?.value.observation).toBeDefined();
  });
});
