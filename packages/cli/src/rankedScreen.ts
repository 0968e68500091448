/**
 * The full-screen ranked game as a pure function: `stepRankedScreen(state, input)` gives the
 * next state and the effects for the edge (`rankedScreenPlay.ts`). The client does the game:
 * a `move` effect makes the edge call `RankedGame.move`, which slides the board at once (the
 * answer `moved` draws it); the spawn comes later as a `changed` input, when the server answers.
 * Keys pressed while the connection is lost wait in order and go out on the next change. At
 * the end the name is typed as for a local high score and a `rank` effect ranks the game.
 */
import type { Position } from '@twenty48/client';
import type { Direction } from '@twenty48/engine';
import { type FrameOverlay, renderFrame } from './frame.js';
import { LETTER_MOVES } from './moveKeys.js';
import { editName } from './nameEntry.js';
import { RANKED_NOTE } from './rankedStart.js';
import type { ColorMode } from './toolkit/colors.js';
import type { Key } from './toolkit/keys.js';
import type { ScreenEffect, ScreenInput, ScreenStep } from './toolkit/screenLoop.js';

/** How a ranked game left the screen: `q` (the game stays on the server), or Ctrl-C. */
export type RankedExit = 'quit' | 'interrupt';

/** Where the game is: played, a question or help below it, the name, the rank. */
export type RankedPhase =
  | { readonly kind: 'playing' }
  | { readonly kind: 'help' }
  | { readonly kind: 'confirmQuit' }
  | { readonly kind: 'naming'; readonly text: string }
  | { readonly kind: 'ranking'; readonly name: string }
  /** Over: ranked (the lines say where), not ranked, or given up by the server. */
  | { readonly kind: 'over'; readonly lines: readonly string[] };

/** Everything the ranked screen is at one moment. */
export interface RankedScreenState {
  /** The board shown: the server's last answer and the slides not answered yet. */
  readonly position: Position;
  readonly online: boolean;
  /** Keys the client refused while paused, in order, sent again on the next change. */
  readonly queued: readonly Direction[];
  readonly lastGain: number;
  readonly phase: RankedPhase;
  readonly message: string | null;
  /** The server's address, for the title and the record's address. */
  readonly server: string;
  /** The name offered first (the last one typed). */
  readonly lastName: string | null;
  /** The title line when it is not a ranked game's (a day's game, a race). */
  readonly title: string | null;
  /** Whether a lost game asks for a name to rank it (a race's does not: its standings rank it). */
  readonly naming: boolean;
  /** The table the name is asked for ("the ranked table", "today's table"). */
  readonly tableName: string;
  /** What a skipped name says. */
  readonly notRanked: string;
  readonly cols: number;
  readonly rows: number;
  readonly mode: ColorMode;
}

/** Why the client did not take a move (`MoveOutcome`'s reasons). */
export type RefusedReason = 'nothing moves' | 'game over' | 'paused' | 'too far ahead' | 'gone';

/** What happens: a key, a resize, the end of the input, the client's changes and answers. */
export type RankedInput =
  | ScreenInput
  /** The client took a move: the board after its slide, and what it gained. */
  | { readonly kind: 'moved'; readonly position: Position; readonly gained: number }
  | { readonly kind: 'refused'; readonly direction: Direction; readonly reason: RefusedReason }
  /** The game changed on the client's side: a spawn arrived, the connection went or came back. */
  | {
      readonly kind: 'changed';
      readonly position: Position;
      readonly connection: 'online' | 'retrying' | 'resyncing' | 'gone';
      /** Why the server gave the game up, when it did. */
      readonly reason?: string;
    }
  /** The answer to `rank`: the rank and the score's id, or why not. */
  | {
      readonly kind: 'ranked';
      readonly name: string;
      readonly result:
        | { readonly ok: true; readonly rank: number; readonly id: number }
        /** Ranked elsewhere than the ranked table (a day's table): what to say of it. */
        | { readonly ok: true; readonly lines: readonly string[] }
        | { readonly ok: false; readonly reason: string };
    }
  /**
   * News from around the game (a race's standings, its end): a message under the board, or
   * the end of play with these lines.
   */
  | { readonly kind: 'news'; readonly message?: string; readonly over?: readonly string[] };

/**
 * What the edge does: draw, exit, follow the client's changes (from the start, answered with
 * `changed` inputs), send a move to the client, rank the game under a name.
 */
export type RankedEffect =
  | ScreenEffect<RankedExit>
  | { readonly kind: 'follow' }
  | { readonly kind: 'move'; readonly direction: Direction }
  | { readonly kind: 'rank'; readonly name: string };

export type RankedStep = ScreenStep<RankedScreenState, RankedEffect>;

/** The footer of the ranked screen. */
export const RANKED_KEYS = 'ranked: the server deals; no undo or hints · arrows/wasd move · q quit';

/** What `?` shows in a ranked game. */
export const RANKED_HELP = [
  'Move: arrow keys, W A S D, or h j k l (vim).',
  'q  leave (asks first); the game stays on the server and goes on next time',
  RANKED_NOTE,
];

/** How a ranked screen starts. */
export interface RankedScreenStart {
  readonly position: Position;
  readonly server: string;
  readonly lastName: string | null;
  readonly notice: string | null;
  readonly mode: ColorMode;
  readonly cols: number;
  readonly rows: number;
  /** The title line (default: the ranked game's rules, size and server). */
  readonly title?: string;
  /** Whether a lost game asks for a name (default true). */
  readonly naming?: boolean;
  /** The table the name is asked for (default "the ranked table"). */
  readonly tableName?: string;
  /** What a skipped name says (default: the game stays on the server, ranked next time). */
  readonly notRanked?: string;
}

const CONNECTION_LOST = 'connection lost, retrying…';

function overlayOf(state: RankedScreenState): FrameOverlay {
  const { phase, position } = state;
  switch (phase.kind) {
    case 'playing':
      // A win is a message ("play on"): the local game's win overlay offers a new game.
      return { kind: 'none' };
    case 'help':
      return { kind: 'lines', lines: RANKED_HELP };
    case 'confirmQuit':
      return {
        kind: 'lines',
        lines: ['Leave? The game stays on the server and goes on next time.  [y] yes   [n] no'],
      };
    case 'naming':
      return {
        kind: 'name',
        text: phase.text,
        prompt: `Game over! Final score ${position.score}. Your name for ${state.tableName}:`,
      };
    case 'ranking':
      return { kind: 'lines', lines: [`Ranking the game as ${phase.name}…`] };
    case 'over':
      return { kind: 'lines', lines: [...phase.lines, '[q] quit'] };
  }
}

/**
 * The frame for a state: exactly `rows` lines of `cols` columns.
 *
 * @example
 * rankedFrame(state).length // state.rows
 */
export function rankedFrame(state: RankedScreenState): string[] {
  const { position } = state;
  const { name, size } = position.rules;
  const message = state.online ? state.message : CONNECTION_LOST;
  const view = {
    game: position,
    title: state.title ?? `2048 · ranked ${name} ${size}x${size} · ${state.server}`,
    lastGain: state.lastGain,
    best: position.score,
    moveCount: position.moves,
    overlay: overlayOf(state),
    message,
    mode: state.mode,
    keys: RANKED_KEYS,
  };
  return renderFrame(view, state.cols, state.rows);
}

/** What a skipped name says in a ranked game. */
export const RANKED_NOT_RANKED =
  'Not ranked. The game stays on the server: the next play ranks it.';

/** What a lost game that asks for no name says. */
export const NO_MOVE_LEFT = 'No move left: your game is over.';

/** The phase a position asks for when nothing else is going on: the name once it is lost. */
const settle = (state: RankedScreenState): RankedScreenState => {
  const lost =
    state.position.status === 'lost' &&
    (state.phase.kind === 'playing' || state.phase.kind === 'help');
  if (!lost) return state;
  if (!state.naming) return { ...state, phase: { kind: 'over', lines: [NO_MOVE_LEFT] } };
  return { ...state, phase: { kind: 'naming', text: state.lastName ?? '' } };
};

/**
 * The first state and its first frame (the name asked at once for a game already lost).
 *
 * @example
 * const { state } = startRankedScreen({ position, server, lastName: null, notice: null, mode: 'none', cols: 80, rows: 24 });
 */
export function startRankedScreen(start: RankedScreenStart): RankedStep {
  const state = settle({
    position: start.position,
    online: true,
    queued: [],
    lastGain: 0,
    phase: { kind: 'playing' },
    message: start.notice,
    server: start.server,
    lastName: start.lastName,
    title: start.title ?? null,
    naming: start.naming ?? true,
    tableName: start.tableName ?? 'the ranked table',
    notRanked: start.notRanked ?? RANKED_NOT_RANKED,
    cols: start.cols,
    rows: start.rows,
    mode: start.mode,
  });
  return { state, effects: [{ kind: 'follow' }, { kind: 'draw', lines: rankedFrame(state) }] };
}

const only = (state: RankedScreenState): RankedStep => ({ state, effects: [] });

/** A move key: to the client, unless earlier keys still wait (then after them). */
function moveKey(state: RankedScreenState, direction: Direction): RankedStep {
  if (state.queued.length > 0) return only({ ...state, queued: [...state.queued, direction] });
  return { state, effects: [{ kind: 'move', direction }] };
}

function playingKey(state: RankedScreenState, key: Key): RankedStep {
  const char = key.kind === 'char' ? key.char.toLowerCase() : '';
  const cleared = { ...state, message: null };
  const direction = key.kind === 'arrow' ? key.direction : LETTER_MOVES[char];
  if (direction) return moveKey(cleared, direction);
  if (char === 'u' || char === 'i' || char === 'n') {
    return only({ ...cleared, message: `Not in a ranked game: ${RANKED_NOTE}` });
  }
  if (char === 'q') return only({ ...cleared, phase: { kind: 'confirmQuit' } });
  if (char === '?') return only({ ...cleared, phase: { kind: 'help' } });
  return only(cleared);
}

function key(state: RankedScreenState, key: Key): RankedStep {
  const { phase } = state;
  if (key.kind === 'interrupt') return { state, effects: [{ kind: 'exit', how: 'interrupt' }] };
  const char = key.kind === 'char' ? key.char.toLowerCase() : '';
  switch (phase.kind) {
    case 'playing':
      return playingKey(state, key);
    case 'help':
      return only({ ...state, phase: { kind: 'playing' } });
    case 'confirmQuit':
      if (char === 'y') return { state, effects: [{ kind: 'exit', how: 'quit' }] };
      return only({ ...state, phase: { kind: 'playing' } });
    case 'naming': {
      const edit = editName(phase.text, key);
      if (edit.kind === 'typing')
        return only({ ...state, phase: { kind: 'naming', text: edit.text } });
      if (edit.kind === 'skip') {
        const lines = [state.notRanked];
        return only({ ...state, phase: { kind: 'over', lines } });
      }
      if (!edit.name.ok) {
        return only({ ...state, message: `That name cannot be used: ${edit.name.error.message}` });
      }
      const name = edit.name.value;
      return {
        state: { ...state, message: null, phase: { kind: 'ranking', name } },
        effects: [{ kind: 'rank', name }],
      };
    }
    case 'ranking':
      return only(state);
    case 'over':
      if (char === 'q') return { state, effects: [{ kind: 'exit', how: 'quit' }] };
      return only(state);
  }
}

/** A change on the client's side: the board, the connection, and the keys that waited. */
function changed(state: RankedScreenState, input: Extract<RankedInput, { kind: 'changed' }>) {
  const online = input.connection !== 'retrying' && input.connection !== 'resyncing';
  const wasWon = state.position.status === 'won';
  let next: RankedScreenState = { ...state, position: input.position, online };
  if (input.position.status === 'won' && !wasWon) next = { ...next, message: 'You win! Play on.' };
  if (input.connection === 'gone') {
    // Over already (a race's standings came first): the game's last refusal says no more.
    if (state.phase.kind === 'over') return only({ ...next, queued: [] });
    const lines = [`The server gave this game up: ${input.reason ?? 'unknown'}`];
    return only({ ...next, queued: [], phase: { kind: 'over', lines } });
  }
  next = settle(next);
  if (!online || next.queued.length === 0 || next.phase.kind === 'naming') return only(next);
  // Send every waiting key again, in order; a refusal puts it back in the queue.
  const effects = next.queued.map((direction) => ({ kind: 'move' as const, direction }));
  return { state: { ...next, queued: [] }, effects };
}

function react(state: RankedScreenState, input: RankedInput): RankedStep {
  switch (input.kind) {
    case 'key':
      return key(state, input.key);
    case 'resize':
      return only({ ...state, cols: input.cols, rows: input.rows });
    case 'end':
      return { state, effects: [{ kind: 'exit', how: 'quit' }] };
    case 'moved':
      return only(settle({ ...state, position: input.position, lastGain: input.gained }));
    case 'refused':
      if (input.reason === 'paused' || input.reason === 'too far ahead') {
        return only({ ...state, queued: [...state.queued, input.direction] });
      }
      if (input.reason === 'nothing moves') {
        return only({ ...state, message: `Nothing can move ${input.direction}.` });
      }
      return only(state);
    case 'changed':
      return changed(state, input);
    case 'news':
      if (input.over)
        return only({ ...state, queued: [], phase: { kind: 'over', lines: input.over } });
      return only({ ...state, message: input.message ?? state.message });
    case 'ranked': {
      const { result, name } = input;
      if (!result.ok) {
        return only({ ...state, message: result.reason, phase: { kind: 'naming', text: name } });
      }
      if ('lines' in result)
        return only({ ...state, phase: { kind: 'over', lines: result.lines } });
      const { name: rules, size } = state.position.rules;
      const lines = [
        `${name} is number ${result.rank} for ${rules} ${size}x${size}.`,
        `The record: ${state.server}/api/scores/${result.id}/record`,
      ];
      return only({ ...state, phase: { kind: 'over', lines } });
    }
  }
}

/**
 * The ranked screen's one step: the next state and what to do, ending with the frame to draw
 * (none after an exit).
 *
 * @example
 * const { effects } = stepRankedScreen(state, { kind: 'key', key: { kind: 'arrow', direction: 'left' } });
 * // [{ kind: 'move', direction: 'left' }, { kind: 'draw', lines: […] }]
 */
export function stepRankedScreen(state: RankedScreenState, input: RankedInput): RankedStep {
  const reacted = react(state, input);
  if (reacted.effects.some((effect) => effect.kind === 'exit')) return reacted;
  return {
    state: reacted.state,
    effects: [...reacted.effects, { kind: 'draw', lines: rankedFrame(reacted.state) }],
  };
}
