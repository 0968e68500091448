import { createEmitter } from './emitter.js';
import { type Game, keepPlaying, type StepResult, step } from './game.js';
import type { Direction } from './types.js';

/** What a session announces to its listeners (the views of FiveTwelve's model-view-controller). */
export type SessionEvent =
  | ({ readonly type: 'move'; readonly direction: Direction } & StepResult)
  | { readonly type: 'undo'; readonly game: Game }
  | { readonly type: 'new'; readonly game: Game }
  | { readonly type: 'keepPlaying'; readonly game: Game };

export type SessionEventType = SessionEvent['type'];
type EventMap = { [K in SessionEventType]: Extract<SessionEvent, { type: K }> } & {
  any: SessionEvent;
};

export interface Session {
  /** The current game. */
  readonly game: Game;
  /** How many moves `undo` can take back. */
  readonly undoDepth: number;
  /** Play a move; returns what happened (`game` is unchanged when the move did not count). */
  move(direction: Direction): StepResult;
  /** Take back the last move; false when there is nothing to undo. */
  undo(): boolean;
  /** Replace the game (a new game, a loaded one); the undo history is cleared. */
  start(game: Game): void;
  keepPlaying(): void;
  /** Listen to every event; returns the function that stops listening. */
  subscribe(listener: (event: SessionEvent) => void): () => void;
  /** Listen to one kind of event. */
  on<K extends SessionEventType>(type: K, listener: (event: EventMap[K]) => void): () => void;
}

export interface SessionOptions {
  /** Most moves kept for undo (default 1000). */
  readonly undoLimit?: number;
}

/**
 * A headless game session: the current game, its undo history and listeners. Views subscribe
 * and redraw; input calls `move`. Knows nothing of screens, keys or storage.
 *
 * @example
 * const session = createSession(newGame('classic', 1));
 * session.subscribe((event) => render(session.game, event));
 * session.move('left');
 * session.undo();
 */
export function createSession(initial: Game, options: SessionOptions = {}): Session {
  const undoLimit = options.undoLimit ?? 1000;
  const emitter = createEmitter<EventMap>();
  let game = initial;
  let history: Game[] = [];

  const announce = (event: SessionEvent): void => {
    emitter.emit(event.type, event as never);
    emitter.emit('any', event);
  };

  return {
    get game() {
      return game;
    },
    get undoDepth() {
      return history.length;
    },
    move(direction) {
      const result = step(game, direction);
      if (result.game !== game) {
        history.push(game);
        if (history.length > undoLimit) history = history.slice(-undoLimit);
        game = result.game;
        announce({ type: 'move', direction, ...result });
      }
      return result;
    },
    undo() {
      const previous = history.pop();
      if (!previous) return false;
      game = previous;
      announce({ type: 'undo', game });
      return true;
    },
    start(next) {
      game = next;
      history = [];
      announce({ type: 'new', game });
    },
    keepPlaying() {
      const next = keepPlaying(game);
      if (next === game) return;
      game = next;
      announce({ type: 'keepPlaying', game });
    },
    subscribe(listener) {
      return emitter.on('any', listener);
    },
    on(type, listener) {
      return emitter.on(type, listener as never);
    },
  };
}
