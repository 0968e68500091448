/**
 * The full-screen checkers game as a function, without a terminal: keys and answers go in,
 * states and effects come out. A real session (its searcher never asked) answers the commands,
 * as the edge would; the computer's answers are given by hand, early, late or failing. The pty
 * tests drive the real edge.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Game, legalMoves, newGame, parseFen, type Side } from '@twenty48/checkers';
import { describe, expect, it } from 'vitest';
import { decodeKeys } from '../toolkit/keys.js';
import { HELP_LINES } from './commands.js';
import {
  type CheckersEffect,
  type CheckersInput,
  type CheckersScreenState,
  checkersFrameOf,
  type SessionView,
  startCheckersScreen,
  stepCheckersScreen,
} from './fullScreenCheckers.js';
import type { SearchAnswer } from './searchClient.js';
import { createSession, type Session, scoreLine } from './session.js';

const keys = (typed: string): CheckersInput[] =>
  decodeKeys(typed).map((key) => ({ kind: 'key', key }));

const gameAt = (fen: string): Game => {
  const position = parseFen(fen);
  if (!position.ok) throw new Error(position.error.message);
  return newGame(position.value);
};

/** A real session in a directory of its own; its searcher is never asked here. */
const sessionOn = (game: Game, ai: Side | null = null): Session =>
  createSession({
    game,
    ai,
    limits: { depth: 1 },
    searcher: {
      best: () => Promise.reject(new Error('the test answers for the computer')),
      close: async () => {},
    },
    directory: mkdtempSync(join(tmpdir(), 'checkers-screen-')),
  });

const viewOf = (session: Session): SessionView => ({
  game: session.game,
  selected: session.selected,
  ai: session.ai,
});

const begin = (session: Session) =>
  startCheckersScreen({ session: viewOf(session), mode: 'none', cols: 80, rows: 30 });

/**
 * Feed `inputs` as the edge does, the session running each command as it is asked (so lines
 * run one after another); the computer's answers are left to the test. Returns the last state
 * and every effect, in order.
 */
async function play(
  session: Session,
  state: CheckersScreenState,
  inputs: readonly CheckersInput[],
): Promise<{ state: CheckersScreenState; effects: CheckersEffect[] }> {
  const effects: CheckersEffect[] = [];
  for (const input of inputs) {
    const queue = [input];
    for (let next = queue.shift(); next; next = queue.shift()) {
      const stepped = stepCheckersScreen(state, next);
      state = stepped.state;
      for (const effect of stepped.effects) {
        effects.push(effect);
        if (effect.kind === 'runCommand') {
          const answer = await session.run(effect.expr);
          queue.push({ kind: 'commandRan', answer, session: viewOf(session) });
        } else if (effect.kind === 'playComputer') {
          const answer = session.playComputer(effect.move);
          queue.push({ kind: 'computerPlayed', answer, session: viewOf(session) });
        }
      }
    }
  }
  return { state, effects };
}

const ENTER: CheckersInput = { kind: 'key', key: { kind: 'enter' } };

/** Run the command `effects` ask for on the session, as the edge would: its answer as an input. */
async function ran(session: Session, effects: readonly CheckersEffect[]): Promise<CheckersInput> {
  const asked = effects.find((effect) => effect.kind === 'runCommand');
  if (asked?.kind !== 'runCommand') throw new Error('no command was asked for');
  return { kind: 'commandRan', answer: await session.run(asked.expr), session: viewOf(session) };
}

const screen = (state: CheckersScreenState): string => checkersFrameOf(state).join('\n');
const kinds = (effects: readonly CheckersEffect[]): string[] => effects.map((e) => e.kind);
const exits = (effects: readonly CheckersEffect[]) =>
  effects.flatMap((effect) => (effect.kind === 'exit' ? [effect.how] : []));
const thoughtOf = (effects: readonly CheckersEffect[]): Game[] =>
  effects.flatMap((effect) => (effect.kind === 'think' ? [effect.game] : []));
/** The computer's choice in `game`: its first legal move. */
const choice = (game: Game): SearchAnswer => ({
  move: legalMoves(game.position)[0] as SearchAnswer['move'],
  score: 0,
  depth: 1,
  nodes: 1,
});

describe('the full-screen checkers game, step by step', () => {
  it('starts with the board, whose turn it is and how to begin, and nothing to think', () => {
    const { state, effects } = begin(sessionOn(newGame()));
    expect(kinds(effects)).toEqual(['draw']);
    const text = screen(state);
    expect(text).toContain('Checkers · Black (p1) and Red (p2) at one keyboard');
    expect(text).toContain('Black (p1) to move · move 1');
    expect(text).toContain('Type (help) and Enter for the commands.');
    expect(text).toContain('Black 12 · Red 12');
  });

  it('edits the line as keys come, and lights the targets of the piece being typed', async () => {
    const session = sessionOn(newGame());
    const { state } = begin(session);
    const typed = (await play(session, state, keys('(move (3 2) '))).state;
    expect(typed.editor.text).toBe('(move (3 2) ');
    expect(screen(typed)).toContain('> (move (3 2) ');
    expect(screen(typed)).toContain('> b <');
    expect(screen(typed).match(/\*/g)).toHaveLength(2);
    const cleared = (await play(session, typed, keys('\x15'))).state;
    expect(cleared.editor.text).toBe('');
    expect(screen(cleared)).not.toContain('> b <');
  });

  it('runs a move on Enter and shows its answer, the board and the turn after it', async () => {
    const session = sessionOn(newGame());
    const moved = await play(session, begin(session).state, keys('(move (3 2) southeast)\r'));
    const { state, effects } = moved;
    expect(kinds(effects)).toContain('runCommand');
    expect(state.answer).toEqual(['Black moves (3 2) to (4 3) [9-14].']);
    expect(state.session.game).toBe(session.game);
    expect(screen(state)).toContain('Red (p2) to move · move 1');
    expect(screen(state)).toContain('last move 9-14');
    expect(state.busy).toBe(false);
  });

  it('runs the commands of a line one at a time, while keys keep editing and lines wait', async () => {
    const session = sessionOn(newGame());
    const typing = (await play(session, begin(session).state, keys('(score) (help)'))).state;
    const first = stepCheckersScreen(typing, ENTER);
    expect(kinds(first.effects)).toEqual(['runCommand', 'draw']);
    expect(first.state.busy).toBe(true);
    // While the session answers: typing still edits, and a line entered waits its turn.
    let busy = first.state;
    for (const input of keys('(undo)\r(sc')) busy = stepCheckersScreen(busy, input).state;
    expect(busy.editor.text).toBe('(sc');
    expect(busy.jobs).toEqual([{ kind: 'line', line: '(undo)' }]);
    // The session's answer: the line's next command is asked at once.
    const second = stepCheckersScreen(busy, await ran(session, first.effects));
    expect(kinds(second.effects)).toEqual(['runCommand', 'draw']);
    expect(second.state.answer).toEqual(typing.answer);
    // Its answer: the line's answers shown together, then the waiting line runs.
    const third = stepCheckersScreen(second.state, await ran(session, second.effects));
    expect(third.state.answer).toEqual([scoreLine(newGame()), ...HELP_LINES]);
    expect(kinds(third.effects)).toEqual(['runCommand', 'draw']);
    const fourth = stepCheckersScreen(third.state, await ran(session, third.effects));
    expect(fourth.state.answer).toEqual(['Nothing to undo.']);
    expect(fourth.state.busy).toBe(false);
    expect(fourth.state.editor.text).toBe('(sc');
  });

  it('answers a line it cannot read without asking the session', async () => {
    const session = sessionOn(newGame());
    const { state, effects } = await play(session, begin(session).state, keys('(move (3 2)\r'));
    expect(kinds(effects)).not.toContain('runCommand');
    expect(state.answer).toHaveLength(1);
    expect(state.answer[0]).toMatch(/^Cannot read that: .*\(ERR_READ\)$/);
  });

  it('leaves on (exit), on Ctrl-C even while a command runs, and at the end of the input', async () => {
    const session = sessionOn(newGame());
    const { state } = begin(session);
    const left = await play(session, state, keys('(score) (exit) (help)\r'));
    expect(exits(left.effects)).toEqual(['exit']);
    expect(left.effects.at(-1)).toEqual({ kind: 'exit', how: 'exit' });
    const typed = (await play(session, state, keys('(help)'))).state;
    const asked = stepCheckersScreen(typed, ENTER).state;
    expect(asked.busy).toBe(true);
    expect(stepCheckersScreen(asked, keys('\x03')[0] as CheckersInput).effects).toEqual([
      { kind: 'exit', how: 'interrupt' },
    ]);
    expect(stepCheckersScreen(state, { kind: 'end' }).effects).toEqual([
      { kind: 'exit', how: 'exit' },
    ]);
  });

  it('shows a result screen at the end: who won, why, the PDN; n starts anew, q leaves', async () => {
    const session = sessionOn(gameAt('B:W14:B9'));
    const ended = await play(session, begin(session).state, keys('(move (3 2) southeast)\r'));
    expect(exits(ended.effects)).toEqual([]);
    const shown = screen(ended.state);
    expect(shown).toContain('Game over · Black wins: red has no pieces left');
    expect(shown).toMatch(/PDN: .*9x18 2-0/);
    expect(shown).toContain('n and Enter: a new game');
    const left = await play(session, ended.state, keys('q\r'));
    expect(left.effects.at(-1)).toEqual({ kind: 'exit', how: 'over' });
    const again = await play(session, ended.state, keys('n\r'));
    expect(exits(again.effects)).toEqual([]);
    expect(session.game.status.kind).toBe('playing');
    expect(screen(again.state)).toContain('A new game: Black (p1) to move.');
    const over = begin(sessionOn(gameAt('W:W:B18')));
    expect(exits(over.effects)).toEqual([]);
    expect(screen(over.state)).toContain('Game over · Black wins');
  });

  it('re-centres the frame on a resize', () => {
    const { state } = begin(sessionOn(newGame()));
    const resized = stepCheckersScreen(state, { kind: 'resize', cols: 120, rows: 40 });
    const drawn = resized.effects.at(-1);
    expect(drawn?.kind === 'draw' ? drawn.lines : []).toHaveLength(40);
    expect(screen(resized.state)).toMatch(/1 {6}2 {6}3/);
  });

  describe('against the computer', () => {
    it('lets the computer think when it is its turn, and plays the move it found', async () => {
      const session = sessionOn(newGame(), 'black');
      const first = begin(session);
      expect(kinds(first.effects)).toEqual(['think', 'draw']);
      expect(thoughtOf(first.effects)).toEqual([session.game]);
      expect(screen(first.state)).toContain('Checkers · you play Red (p2) against the computer');
      expect(screen(first.state)).toContain('Black (computer) is thinking…');
      const found = choice(session.game);
      const played = await play(session, first.state, [
        { kind: 'searched', game: session.game, found },
      ]);
      expect(kinds(played.effects)).toEqual(['playComputer', 'draw', 'draw']);
      expect(played.state.thinkingAbout).toBeNull();
      expect(played.state.session.game.moves).toHaveLength(1);
      expect(played.state.answer[0]).toMatch(/^Black \(computer\) plays /);
      expect(screen(played.state)).toContain('Red (p2) to move · move 1');
    });

    it("asks a move or a hint typed in the computer's turn to wait, and runs the rest", async () => {
      const session = sessionOn(newGame(), 'black');
      const { state } = begin(session);
      const typed = await play(session, state, keys('(move (6 1) northeast) (hint) (score)\r'));
      expect(typed.state.answer).toEqual([
        "Wait: Black is the computer's, and it is thinking.",
        "Wait: Black is the computer's, and it is thinking.",
        scoreLine(newGame()),
      ]);
      expect(typed.state.thinkingAbout).toBe(session.game);
    });

    it('thinks after the player moves, and drops its answer when an undo changed the game', async () => {
      const session = sessionOn(newGame(), 'red');
      const moved = await play(session, begin(session).state, keys('(move (3 2) southeast)\r'));
      const thought = thoughtOf(moved.effects);
      expect(thought).toEqual([session.game]);
      expect(moved.state.thinkingAbout).toBe(session.game);
      const undone = await play(session, moved.state, keys('(undo)\r'));
      expect(undone.state.answer).toEqual(['Took back a move.']);
      expect(undone.state.thinkingAbout).toBeNull();
      expect(screen(undone.state)).toContain('Black (p1) to move · move 1');
      const late = await play(session, undone.state, [
        { kind: 'searched', game: thought[0] as Game, found: choice(thought[0] as Game) },
        { kind: 'searchFailed', game: thought[0] as Game, reason: 'too late' },
      ]);
      expect(kinds(late.effects)).toEqual(['draw', 'draw']);
      expect(late.state.session.game).toBe(undone.state.session.game);
      expect(late.state.answer).toEqual(['Took back a move.']);
    });

    it("waits for the line under way before playing the computer's move", async () => {
      const session = sessionOn(newGame(), 'black');
      const typed = (await play(session, begin(session).state, keys('(help)'))).state;
      const asked = stepCheckersScreen(typed, ENTER);
      const found = { kind: 'searched', game: session.game, found: choice(session.game) } as const;
      const waiting = stepCheckersScreen(asked.state, found);
      expect(kinds(waiting.effects)).toEqual(['draw']);
      expect(waiting.state.jobs).toHaveLength(1);
      const after = await play(session, waiting.state, [await ran(session, asked.effects)]);
      expect(kinds(after.effects)).toEqual(['playComputer', 'draw', 'draw']);
      expect(after.state.session.game.moves).toHaveLength(1);
    });

    it('gives up when the search fails or finds no move', () => {
      const session = sessionOn(newGame(), 'black');
      const { state } = begin(session);
      const failed = stepCheckersScreen(state, {
        kind: 'searchFailed',
        game: session.game,
        reason: 'the worker stopped',
      });
      expect(failed.effects).toEqual([{ kind: 'exit', how: 'failed' }]);
      expect(failed.state.answer).toEqual([
        'The computer cannot move: the worker stopped (ERR_SEARCH)',
      ]);
      const none = stepCheckersScreen(state, { kind: 'searched', game: session.game, found: null });
      expect(none.effects).toEqual([{ kind: 'exit', how: 'failed' }]);
      expect(none.state.answer).toEqual([
        'The computer cannot move: the search found no move (ERR_SEARCH)',
      ]);
    });
  });
});
