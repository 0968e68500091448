/**
 * The full-screen game as a function, without a terminal: keys and the world's answers go in,
 * states and effects come out. `play` stands in for the edge (fullScreenPlay.ts), answering the
 * effects that ask the world from a fake one; the pty tests drive the real edge.
 */
import { fail, ok, type Result } from '@twenty48/common';
import {
  DIRECTIONS,
  type Direction,
  type Game,
  makeRules,
  newGame,
  type Rules,
  recordOf,
  replay,
  step,
} from '@twenty48/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  frameOf,
  type PlayEffect,
  type PlayInput,
  type PlayState,
  startFullScreen,
  stepFullScreen,
} from './fullScreenGame.js';
import { directionAt, greedyStates, lastOf } from './testing/games.js';
import { decodeKeys } from './toolkit/keys.js';

/** What the fake world answers. */
interface World {
  /** Ended games that make the top 10 (default: none). */
  readonly highScore?: (game: Game) => boolean;
  readonly lastName?: string | null;
  readonly rank?: Result<number>;
  readonly nextGame?: (rules: Rules) => Game;
  readonly best?: number;
}

/** Keys typed, as the terminal would decode them. */
const keys = (typed: string): PlayInput[] => decodeKeys(typed).map((key) => ({ kind: 'key', key }));

/**
 * Feed `inputs` one by one as the edge does: each input's answers from the world are stepped
 * before the next input. Returns the last state and every effect, in order.
 */
function play(
  state: PlayState,
  inputs: readonly PlayInput[],
  world: World = {},
): { state: PlayState; effects: PlayEffect[] } {
  const effects: PlayEffect[] = [];
  for (const input of inputs) {
    const queue = [input];
    for (let next = queue.shift(); next; next = queue.shift()) {
      const stepped = stepFullScreen(state, next);
      state = stepped.state;
      for (const effect of stepped.effects) {
        effects.push(effect);
        if (effect.kind === 'checkHighScore' && world.highScore?.(effect.game)) {
          queue.push({ kind: 'highScore', game: effect.game, lastName: world.lastName ?? null });
        } else if (effect.kind === 'enterScore') {
          queue.push({ kind: 'scoreEntered', name: effect.name, rank: world.rank ?? ok(1) });
        } else if (effect.kind === 'startNewGame') {
          const game = world.nextGame?.(effect.rules) ?? newGame(effect.rules, 'next');
          queue.push({ kind: 'newGame', game, best: world.best ?? 0 });
        }
      }
    }
  }
  return { state, effects };
}

const start = (game: Game, best = 0, notice: string | null = null): PlayState =>
  startFullScreen({ game, best, notice, mode: 'none', cols: 80, rows: 30 }).state;

const screen = (state: PlayState): string => frameOf(state).join('\n');
const kinds = (effects: readonly PlayEffect[]): string[] => effects.map((effect) => effect.kind);
const saved = (effects: readonly PlayEffect[]): Game[] =>
  effects.flatMap((effect) => (effect.kind === 'autosave' ? [effect.game] : []));

const rulesOf = (...args: Parameters<typeof makeRules>): Rules => {
  const rules = makeRules(...args);
  if (!rules.ok) throw new Error(rules.error.message);
  return rules.value;
};

/** A game one move from its end (`status`), and that move. */
function oneMoveFrom(
  rules: Rules,
  seed: string,
  done: (game: Game) => boolean,
): { before: Game; last: Direction; after: Game } {
  const states = greedyStates(newGame(rules, seed), done);
  const before = states.at(-2) as Game;
  const after = lastOf(states);
  return { before, last: directionAt(after, after.moves.length - 1), after };
}

const LETTER: Readonly<Record<Direction, string>> = { up: 'w', left: 'a', down: 's', right: 'd' };

describe('the full-screen game, step by step', () => {
  it('moves with arrows, WASD and hjkl in either case as the engine does, saving each move', () => {
    const typed: [string, Direction][] = [
      ['\x1b[D', 'left'],
      ['w', 'up'],
      ['l', 'right'],
      ['\x1bOB', 'down'],
      ['h', 'left'],
      ['S', 'down'],
      ['k', 'up'],
      ['D', 'right'],
      ['j', 'down'],
      ['A', 'left'],
    ];
    let game = newGame('classic', 'keys');
    let state = start(game);
    for (const [key, direction] of typed) {
      const result = step(game, direction);
      const { state: next, effects } = play(state, keys(key));
      expect(next.match.game).toEqual(result.game);
      if (result.game !== game) {
        expect(saved(effects)).toEqual([result.game]);
        expect(next.match.lastGain).toBe(result.gained);
      }
      expect(effects.at(-1)).toEqual({ kind: 'draw', lines: frameOf(next) });
      expect(screen(next)).toContain(`Score ${result.game.score}`);
      game = result.game;
      state = next;
    }
    expect(state.match.game.moves.length).toBeGreaterThan(6);
  });

  it('says when nothing can move, with no new tile and no save', () => {
    // The first seed whose opening has a direction in which nothing moves.
    const [game, still] = Array.from({ length: 100 }, (_, i) => newGame('classic', `stuck-${i}`))
      .map((g) => [g, DIRECTIONS.find((d) => step(g, d).game === g)] as const)
      .find(([, d]) => d !== undefined) as [Game, Direction];
    const { state, effects } = play(start(game), keys(LETTER[still]));
    expect(state.match.game).toBe(game);
    expect(state.message).toBe(`Nothing can move ${still}.`);
    expect(kinds(effects)).toEqual(['draw']);
    // The next key clears the message.
    expect(play(state, keys('x')).state.message).toBeNull();
  });

  it('undoes move by move, saving each, and says when nothing is left to undo', () => {
    const first = newGame('classic', 'undo-1'); // left, up and right each move
    const games = [first];
    for (const direction of ['left', 'up', 'right'] as const) {
      games.push(step(lastOf(games), direction).game);
    }
    let { state } = play(start(first), keys('awd'));
    expect(state.match.game).toEqual(games[3]);
    for (const back of [2, 1, 0]) {
      const undone = play(state, keys('u'));
      expect(undone.state.match.game).toEqual(games[back]);
      expect(undone.state.match.lastGain).toBe(0);
      expect(saved(undone.effects)).toEqual([games[back]]);
      state = undone.state;
    }
    const none = play(state, keys('u'));
    expect(none.state.message).toBe('Nothing to undo.');
    expect(kinds(none.effects)).toEqual(['draw']);
    expect(screen(none.state)).toContain('Nothing to undo.');
  });

  it('starts a new game at once when none is under way, and asks first when one is', () => {
    const fresh = newGame('classic', 'new-1');
    const next = newGame('classic', 'new-2');
    const world = { nextGame: () => next, best: 777 };
    const atOnce = play(start(fresh), keys('n'), world);
    expect(kinds(atOnce.effects)).toEqual(['startNewGame', 'draw', 'autosave', 'draw']);
    expect(atOnce.effects[0]).toEqual({ kind: 'startNewGame', rules: fresh.rules });
    expect(atOnce.state.match.game).toBe(next);
    expect(atOnce.state.match.storedBest).toBe(777);
    expect(screen(atOnce.state)).toContain('Best 777');

    const underWay = play(start(fresh), keys('a')).state;
    const asked = play(underWay, keys('n'), world);
    expect(asked.state.overlay).toEqual({ kind: 'confirmNew' });
    expect(screen(asked.state)).toContain('A game is under way. Start a new one?');
    expect(kinds(asked.effects)).toEqual(['draw']);
    const kept = play(asked.state, keys('n'), world).state;
    expect(kept.overlay).toEqual({ kind: 'none' });
    expect(kept.match.game).toBe(underWay.match.game);
    const yes = play(asked.state, keys('Y'), world);
    expect(yes.state.match.game).toBe(next);
    expect(yes.state.match.history).toEqual([]);
    expect(saved(yes.effects)).toEqual([next]);
  });

  it('quits at once before the first move', () => {
    const game = newGame('classic', 'quit-at-once');
    expect(play(start(game), keys('q')).effects).toEqual([{ kind: 'exit', how: 'quit' }]);
  });

  it('asks before quitting a game under way; Ctrl-C and the end of the input leave at once', () => {
    const fresh = newGame('classic', 'quit');
    const game = play(start(fresh), keys('a')).state.match.game;
    expect(game.moves.length).toBeGreaterThan(0);
    const asked = play(start(game), keys('q')).state;
    expect(asked.overlay).toEqual({ kind: 'confirmQuit' });
    expect(screen(asked)).toContain('Quit this game?  [y] yes   [n] no');
    const stayed = play(asked, keys('x'));
    expect(stayed.state.overlay).toEqual({ kind: 'none' });
    expect(kinds(stayed.effects)).toEqual(['draw']);
    expect(play(asked, keys('y')).effects).toEqual([{ kind: 'exit', how: 'quit' }]);
    expect(play(start(game), keys('\x03')).effects).toEqual([{ kind: 'exit', how: 'interrupt' }]);
    expect(play(asked, keys('\x03')).effects).toEqual([{ kind: 'exit', how: 'interrupt' }]);
    expect(play(start(game), [{ kind: 'end' }]).effects).toEqual([{ kind: 'exit', how: 'quit' }]);
  });

  it('shows the help on ?, and the next key only closes it', () => {
    const game = newGame('classic', 'help');
    const help = play(start(game), keys('?')).state;
    expect(help.overlay).toEqual({ kind: 'help' });
    expect(screen(help)).toContain('i  hint: the move the AI (n-tuple network) would play');
    const closed = play(help, keys('a'));
    expect(closed.state.overlay).toEqual({ kind: 'none' });
    expect(closed.state.match.game).toBe(game);
    expect(kinds(closed.effects)).toEqual(['draw']);
  });

  it("turns the help's pages in a small window (↓ j space Page Down, ↑ k Page Up); other keys close it", () => {
    const game = newGame('classic', 'help');
    const small = { ...start(game), cols: 40, rows: 12 };
    const help = play(small, keys('?')).state;
    expect(screen(help)).toContain('help 1/2 · ↓ more');
    for (const down of ['\x1b[B', 'j', ' ', '\x1b[6~']) {
      const turned = play(help, keys(down)).state;
      expect(turned.overlay).toEqual({ kind: 'help', page: 1 });
      expect(screen(turned)).toContain('help 2/2 · ↑ back');
      // The last page stays on ↓; ↑ (k, Page Up) goes back.
      expect(play(turned, keys(down)).state.overlay).toEqual({ kind: 'help', page: 1 });
    }
    const last = play(help, keys('j')).state;
    for (const up of ['\x1b[A', 'k', '\x1b[5~']) {
      expect(play(last, keys(up)).state.overlay).toEqual({ kind: 'help', page: 0 });
    }
    const closed = play(last, keys('x'));
    expect(closed.state.overlay).toEqual({ kind: 'none' });
    expect(closed.state.match.game).toBe(game);
    // Where the help fits, ↓ closes it as any key does, and does not move.
    const whole = play(start(game), keys('?')).state;
    const down = play(whole, keys('j')).state;
    expect(down.overlay).toEqual({ kind: 'none' });
    expect(down.match.game).toBe(game);
  });

  it('shows a notice about saves until the first key', () => {
    const state = start(newGame('classic', 'notice'), 0, 'Saves and high scores are off: …');
    expect(screen(state)).toContain('Saves and high scores are off: …');
    expect(play(state, keys('?')).state.message).toBeNull();
  });

  it('shows the win, and keeps going on c, Enter or a move', () => {
    const { before, last, after } = oneMoveFrom(
      rulesOf('classic', { goal: 16 }),
      'win',
      (g) => g.status === 'won',
    );
    const won = play(start(before), keys(LETTER[last])).state;
    expect(won.match.game).toEqual(after);
    expect(won.overlay).toEqual({ kind: 'won' });
    expect(screen(won)).toContain('You win!');
    expect(screen(won)).toContain('[c] keep going (or just move)');
    for (const key of ['c', 'C', '\r']) {
      const kept = play(won, keys(key)).state;
      expect(kept.overlay).toEqual({ kind: 'none' });
      expect(kept.match.game.status).toBe('playing');
      expect(screen(kept)).not.toContain('You win!');
    }
    const moved = DIRECTIONS.map((d) => play(won, keys(LETTER[d])).state).find(
      (state) => state.match.game !== won.match.game,
    ) as PlayState;
    expect(moved.overlay).toEqual({ kind: 'none' });
    expect(moved.match.game.status).toBe('playing');
    // Undo back to the winning position shows the win again.
    expect(play(moved, keys('u')).state.overlay).toEqual({ kind: 'won' });
  });

  describe('game over', () => {
    const { before, last, after } = oneMoveFrom(
      rulesOf('classic', { size: 2 }),
      'over',
      (g) => g.status === 'lost',
    );
    const losing = keys(LETTER[last]);
    const top10 = { highScore: (game: Game) => game.score > 0, lastName: 'Ada' };

    it('shows the end and asks nothing when the score is not in the top 10', () => {
      const { state, effects } = play(start(before), losing);
      expect(state.match.game).toEqual(after);
      expect(kinds(effects)).toEqual(['autosave', 'checkHighScore', 'draw']);
      expect(state.overlay).toEqual({ kind: 'lost' });
      expect(screen(state)).toContain(`Game over! Final score ${after.score}`);
      // Moves do nothing now; undo and a new game still work.
      const moved = play(state, keys('wasd'));
      expect(moved.state.match.game).toBe(state.match.game);
      expect(kinds(moved.effects)).toEqual(['draw', 'draw', 'draw', 'draw']);
      expect(play(state, keys('u')).state.match.game).toBe(before);
    });

    it('asks for a name in the top 10, offering the last one, and shows the rank', () => {
      const asked = play(start(before), losing, top10).state;
      expect(asked.overlay).toEqual({ kind: 'name', text: 'Ada' });
      expect(screen(asked)).toContain('New high score! Your name:');
      expect(screen(asked)).toContain('> Ada_');
      // Letters that move the board are letters here; arrows do nothing.
      const typed = play(asked, keys('\x7f\x7f\x7fwasd\x1b[A\x7f'), top10).state;
      expect(typed.overlay).toEqual({ kind: 'name', text: 'was' });
      expect(typed.match.game).toBe(asked.match.game);
      const entered = play(typed, keys('\r'), { ...top10, rank: ok(3) });
      expect(entered.effects).toContainEqual({ kind: 'enterScore', name: 'was', game: after });
      expect(entered.state.message).toBe('was is number 3 for classic 2x2.');
      expect(entered.state.overlay).toEqual({ kind: 'lost' });
      expect(entered.state.match.storedBest).toBe(after.score);
    });

    it('enters "player" for an empty name and the name as the shared rule keeps it', () => {
      const asked = play(start(before), losing, { ...top10, lastName: null }).state;
      expect(asked.overlay).toEqual({ kind: 'name', text: '' });
      const empty = play(asked, keys('  \r'), top10);
      expect(empty.effects).toContainEqual({ kind: 'enterScore', name: 'player', game: after });
      const spaced = play(asked, keys('  Zoe\u0308 \r'), top10);
      expect(spaced.effects).toContainEqual({ kind: 'enterScore', name: 'Zoë', game: after });
    });

    it('refuses a name the rule refuses, and one the store refuses, and asks again', () => {
      const asked = play(start(before), losing, { ...top10, lastName: null }).state;
      const markup = play(asked, keys('<b>\r'), top10);
      expect(kinds(markup.effects)).not.toContain('enterScore');
      expect(markup.state.message).toBe('That name cannot be used: a name may not contain < or >');
      expect(markup.state.overlay).toEqual({ kind: 'name', text: '<b>' });
      const refused = play(asked, keys('Bob\r'), {
        ...top10,
        rank: fail('ERR_STORE', 'the database failed: disk full'),
      });
      expect(refused.state.message).toBe(
        'That name cannot be used: the database failed: disk full',
      );
      expect(refused.state.overlay).toEqual({ kind: 'name', text: 'Bob' });
    });

    it('caps the name at 24 characters as a reader counts them (marks not counted)', () => {
      const asked = play(start(before), losing, { ...top10, lastName: null }).state;
      const long = play(asked, keys('x'.repeat(30)), top10).state;
      expect(long.overlay).toEqual({ kind: 'name', text: 'x'.repeat(24) });
      const accented = play(asked, keys(`${'e\u0301'.repeat(24)}x\u0301`), top10).state;
      expect(accented.overlay).toEqual({ kind: 'name', text: `${'e\u0301'.repeat(24)}\u0301` });
    });

    it('skips on Esc, and does not ask again for the same game after an undo', () => {
      const asked = play(start(before), losing, top10).state;
      const skipped = play(asked, keys('\x1b'), top10);
      expect(skipped.state.overlay).toEqual({ kind: 'lost' });
      expect(kinds(skipped.effects)).toEqual(['draw']);
      const again = play(skipped.state, [...keys('u'), ...losing], top10);
      expect(again.state.match.game).toEqual(after);
      expect(kinds(again.effects)).not.toContain('checkHighScore');
      expect(again.state.overlay).toEqual({ kind: 'lost' });
    });

    it('leaves at once on Ctrl-C even while the name is typed', () => {
      const asked = play(start(before), losing, top10).state;
      expect(play(asked, keys('\x03')).effects).toEqual([{ kind: 'exit', how: 'interrupt' }]);
    });
  });

  describe('hints', () => {
    const game = newGame('classic', 'hint');
    const moving = DIRECTIONS.find((d) => step(game, d).game !== game) as Direction;

    it('asks the adviser once per position and shows its answer', () => {
      const asked = play(start(game), keys('i'));
      expect(asked.effects).toContainEqual({ kind: 'askHint', game });
      expect(asked.state.message).toBe('Thinking…');
      const twice = play(asked.state, keys('i'));
      expect(kinds(twice.effects)).toEqual(['draw']);
      expect(twice.state.message).toBe('Thinking…');
      const shown = play(asked.state, [{ kind: 'hint', game, direction: 'left' }]);
      expect(shown.state.message).toBe('Hint: left ←');
      expect(screen(shown.state)).toContain('Hint: left ←');
      expect(shown.state.hintFor).toBeNull();
      const none = play(asked.state, [{ kind: 'hint', game, direction: null }]);
      expect(none.state.message).toBe('No move left.');
      const notice = 'ERR_NETWORK_DAMAGED: the checksum does not match; playing with the heuristic';
      const byHeuristic = play(asked.state, [{ kind: 'hint', game, direction: 'left', notice }]);
      expect(byHeuristic.state.message).toBe(
        'Hint: left ← (by the heuristic: ERR_NETWORK_DAMAGED)',
      );
      const failed = play(asked.state, [{ kind: 'hintFailed', game, reason: 'worker gone' }]);
      expect(failed.state.message).toBe('No hint: worker gone (ERR_HINT)');
      // Asked again after the answer: a new question.
      expect(kinds(play(shown.state, keys('i')).effects)).toContain('askHint');
    });

    it('drops an answer that comes after the position changed, without a frame', () => {
      const moved = play(start(game), keys(`i${LETTER[moving]}`)).state;
      expect(moved.message).toBeNull();
      const late = play(moved, [{ kind: 'hint', game, direction: 'up' }]);
      expect(late.effects).toEqual([]);
      expect(late.state.message).toBeNull();
      expect(late.state.hintFor).toBeNull();
      // The new position can be asked about.
      expect(play(late.state, keys('i')).effects).toContainEqual({
        kind: 'askHint',
        game: moved.match.game,
      });
    });

    it("drops the old position's answer while the new one is thought about", () => {
      const asking = play(start(game), keys(`i${LETTER[moving]}i`)).state;
      const now = asking.match.game;
      expect(asking.hintFor).toBe(now);
      const old = play(asking, [{ kind: 'hint', game, direction: 'up' }]);
      expect(old.effects).toEqual([]);
      expect(old.state.hintFor).toBe(now);
      expect(old.state.message).toBe('Thinking…');
      const fresh = play(old.state, [{ kind: 'hint', game: now, direction: 'down' }]);
      expect(fresh.state.message).toBe('Hint: down ↓');
    });
  });

  it('draws the frame again for the new size on a resize', () => {
    const state = start(newGame('classic', 'resize'));
    const titleColumn = (lines: readonly string[]): number =>
      lines.find((line) => line.includes('2048 · '))?.indexOf('2048') ?? -1;
    const resized = play(state, [{ kind: 'resize', cols: 120, rows: 40 }]);
    const drawn = resized.effects.at(-1);
    expect(drawn?.kind).toBe('draw');
    const lines = drawn?.kind === 'draw' ? drawn.lines : [];
    expect(lines).toHaveLength(40);
    expect(titleColumn(lines)).toBe(titleColumn(frameOf(state)) + 20);
  });

  it('on any keys: the game shown replays from its record, every frame fills the terminal', () => {
    const key = fc.constantFrom(
      ...['w', 'a', 's', 'd', 'u', 'n', 'y', 'q', '?', 'i', 'c', 'x', '\r', '\x1b', '\x7f'],
      ...['\x1b[A', '\x1b[B', '\x1b[C', '\x1b[D'],
    );
    fc.assert(
      fc.property(fc.array(key, { maxLength: 60 }), fc.boolean(), (typed, top) => {
        const world = { highScore: () => top, lastName: 'Ada' };
        let state = start(newGame(rulesOf('classic', { size: 2 }), 'any'));
        for (const input of keys(typed.join(''))) {
          const stepped = play(state, [input], world);
          if (stepped.effects.some((effect) => effect.kind === 'exit')) return;
          state = stepped.state;
          const drawn = stepped.effects.filter((effect) => effect.kind === 'draw').at(-1);
          expect(drawn?.kind === 'draw' ? drawn.lines.length : 0).toBe(30);
          expect(replay(recordOf(state.match.game))).toEqual({ ok: true, value: state.match.game });
        }
      }),
      { numRuns: 60 },
    );
  });
});
