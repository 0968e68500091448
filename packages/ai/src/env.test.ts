import {
  makeRecord,
  makeRules,
  newGame,
  parseRecord,
  RECORD_VERSION,
  recordOf,
  replay,
  slide,
  step,
} from '@twenty48/engine';
import { describe, expect, it } from 'vitest';
import { ACTIONS, createEnv } from './env.js';
import { createEnvProtocol } from './env-protocol.js';
import { greedyPlayer } from './player.js';

describe('createEnv', () => {
  it('starts the same game as newGame for a seed', () => {
    const env = createEnv('classic');
    const { observation, info } = env.reset('gym-1');
    expect(info).toEqual({ seed: 'gym-1', max_episode_steps: null });
    const game = newGame('classic', 'gym-1');
    expect(observation.board).toEqual(game.board);
    expect(observation).toMatchObject({ score: 0, status: 'playing', moves: 0 });
    expect(observation.legal.length).toBeGreaterThan(0);
  });

  it('plays an episode to the end: rewards add up to the score, the record replays', () => {
    const env = createEnv('classic');
    let { observation } = env.reset({ seed: 'episode' });
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
    expect(env.record()).toEqual(recordOf(game));
    const record = parseRecord(makeRecord(recordOf(game)));
    expect(record.ok && replay(record.value)).toMatchObject({ ok: true, value: { score: total } });
    expect(() => env.step('left')).toThrow(/over/);
  });

  it('gives no reward for a move that changes nothing, and refuses nonsense', () => {
    const env = createEnv('classic');
    expect(() => env.step('up')).toThrow(/reset/);
    const first = env.reset('still').observation;
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

describe('afterstates, masks, truncation and spaces', () => {
  it('gives each action the board after its slide, before the spawn, or null', () => {
    const env = createEnv('classic');
    let { observation } = env.reset('after');
    for (let n = 0; n < 40 && observation.status !== 'lost'; n++) {
      ACTIONS.forEach((direction, index) => {
        const slid = slide(observation.board, direction, 'classic');
        expect(observation.afterstates[index]).toEqual(slid.moved ? slid.board : null);
        expect(observation.action_mask[index]).toBe(slid.moved ? 1 : 0);
      });
      const action = observation.action_mask.indexOf(1);
      const chosen = observation.afterstates[action];
      const next = env.step(action);
      // The new board is the afterstate plus exactly one spawned tile.
      const added = next.observation.board
        .flat()
        .map((value, cell) => value - (chosen?.flat()[cell] ?? 0))
        .filter((d) => d !== 0);
      expect(added).toHaveLength(1);
      observation = next.observation;
    }
  });

  it('truncates at max_episode_steps, keeps info one size, and refuses a bad limit', () => {
    const env = createEnv('classic');
    env.reset({ seed: 'short', max_episode_steps: 3 });
    const sizes = [];
    let last = null;
    for (let n = 0; n < 3; n++) {
      const game = env.game();
      const direction = game && greedyPlayer(game);
      if (!direction) throw new Error('stuck too early');
      last = env.step(direction);
      sizes.push(JSON.stringify(last.info).length);
    }
    expect(last).toMatchObject({ terminated: false, truncated: true, info: { episode_steps: 3 } });
    expect(new Set(sizes).size).toBe(1);
    expect(() => env.step('left')).toThrow(/over/);
    expect(() => env.reset({ max_episode_steps: 0 })).toThrow(/max_episode_steps/);
    // Without a seed, each reset takes the env's next automatic seed.
    expect(env.reset().info.seed).toBe('auto-1');
    expect(env.reset().info.seed).toBe('auto-2');
  });

  it('describes its spaces', () => {
    const spec = createEnv('fiveTwelve').spec();
    expect(spec.observation_space).toMatchObject({ type: 'Box', shape: [4, 4], low: 0 });
    expect(spec.action_space).toEqual({ type: 'Discrete', n: 4, dtype: 'int64' });
    expect(spec.reward_range[0]).toBe(0);
  });
});

describe('the JSON-lines protocol: record, spec and batches', () => {
  const session = (envs = 1) => {
    const protocol = createEnvProtocol('classic', { envs });
    return (line: string) => JSON.parse(protocol(line)?.line ?? 'null');
  };

  it('resets without a seed, gives the record only on request, and describes its spaces', () => {
    const send = session();
    const reset = send('{"cmd":"reset","max_episode_steps":2}');
    expect(reset.info).toEqual({ seed: 'auto-1', max_episode_steps: 2 });
    expect(reset.observation.afterstates).toHaveLength(4);
    const action = reset.observation.action_mask.indexOf(1);
    const first = send(JSON.stringify({ cmd: 'step', action }));
    expect(first.info).not.toHaveProperty('record');
    expect(first.truncated).toBe(false);
    const record = send('{"cmd":"record"}').record;
    expect(record).toMatchObject({ version: RECORD_VERSION, rules: 'classic', seed: 'auto-1' });
    expect(record.moves).toHaveLength(1);
    const second = send(
      JSON.stringify({ cmd: 'step', action: first.observation.action_mask.indexOf(1) }),
    );
    expect(second.truncated).toBe(!second.terminated);
    expect(send('{"cmd":"step","action":0}').error.code).toBe('ERR_GAME_OVER');
    expect(send('{"cmd":"reset","max_episode_steps":-1}').error.code).toBe('ERR_STEP_LIMIT');
    expect(send('{"cmd":"spec"}')).toMatchObject({
      envs: 1,
      observation_space: { shape: [4, 4], dtype: 'int64' },
      action_space: { n: 4 },
    });
  });

  it('steps a batch together and resets a finished game on its next step', () => {
    const send = session(3);
    const reset = send('{"cmd":"reset","seed":"b","max_episode_steps":1}');
    expect(reset.infos.map((info: { seed: string }) => info.seed)).toEqual(['b-0', 'b-1', 'b-2']);
    expect(reset.observations[1].board).toEqual(newGame('classic', 'b-1').board);
    const actions = reset.observations.map((o: { action_mask: number[] }) =>
      o.action_mask.indexOf(1),
    );
    const first = send(JSON.stringify({ cmd: 'step', actions }));
    expect(first.truncated).toEqual([true, true, true]);
    expect(first.rewards).toHaveLength(3);
    const second = send(JSON.stringify({ cmd: 'step', actions }));
    expect(second.rewards).toEqual([0, 0, 0]);
    expect(second.infos[0].episode_steps).toBe(0);
    expect(second.observations[0].board).toEqual(newGame('classic', 'b-0-1').board);
    expect(send('{"cmd":"record","env":2}').record.seed).toBe('b-2-1');
    expect(send('{"cmd":"record","env":3}').error.code).toBe('ERR_ENV_INDEX');
    expect(send('{"cmd":"step","actions":[0,1]}').error.code).toBe('ERR_ACTION');
    expect(send('{"cmd":"step","actions":[0,1,9]}').error.code).toBe('ERR_ACTION');
    expect(send('{"cmd":"reset","seeds":["x","y"]}').error.code).toBe('ERR_SEED');
    expect(send('{"cmd":"reset","seeds":["x","y","z"]}').infos[2].seed).toBe('z');
  });
});

describe('the fast lane plays exactly the engine game', () => {
  const spawny = makeRules('classic', { name: 'spawny', ineffectiveMoves: 'spawn', goal: 16 });
  if (!spawny.ok) throw new Error(spawny.error.message);
  const rulesToTry = ['classic', 'fiveTwelve', 'tiers', spawny.value] as const;
  for (const rules of rulesToTry) {
    it(`move for move, ${typeof rules === 'string' ? rules : rules.name}`, () => {
      for (let g = 0; g < 6; g++) {
        const env = createEnv(rules);
        const seed = `lane-${g}`;
        const start = env.reset({ seed }).observation;
        let game = newGame(rules, seed);
        expect(start.board).toEqual(game.board);
        let pick = g * 7 + 1;
        for (let n = 0; n < 3000 && game.status !== 'lost'; n++) {
          pick = (pick * 1103515245 + 12345) >>> 0;
          const action = (pick >>> 16) % 4;
          const before = game;
          const result = step(game, ACTIONS[action] ?? 'up');
          game = result.game;
          const transition = env.step(action);
          expect(transition.observation.board).toEqual(game.board);
          expect(transition.observation.status).toBe(game.status);
          expect(transition.reward).toBe(game.score - before.score);
          expect(transition.info).toMatchObject({ moved: result.moved, gained: result.gained });
          ACTIONS.forEach((direction, index) => {
            const slid = slide(game.board, direction, rules);
            expect(transition.observation.afterstates[index]).toEqual(
              slid.moved ? slid.board : null,
            );
          });
        }
        expect(env.record()).toEqual(recordOf(game));
        expect(env.game()).toEqual(game);
      }
    });
  }
});
