// What a ranked game looks like to a view: its snapshot, the changes it reports, what a move
// did, the game's methods and the pipeline's options. The pipeline itself is ranked-game.ts.

import type { MoveAnswer, ScoreAnswer } from '@twenty48/common';
import type { Direction, Rules, TileEvent } from '@twenty48/engine';
import type { RankedVariant, ServerLink } from './api.js';
import type { ClientError, ClientResult } from './http.js';
import type { Position } from './position.js';

/** How the game stands with the server. */
export type Connection =
  /** Moves go out as they are made. */
  | 'online'
  /** The connection was lost: moves are paused, the unanswered ones are being sent again. */
  | 'retrying'
  /** The server and the client disagreed: the game is being read again from the server. */
  | 'resyncing'
  /** The server will not take this game any more (unknown, expired): it cannot go on. */
  | 'gone';

/** Everything a view shows of a ranked game. */
export interface RankedSnapshot {
  readonly gameId: string;
  /** The public id others watch it by. */
  readonly watchId: string;
  readonly variant: RankedVariant;
  /** The board shown: the server's last answer and the slides of the moves not answered yet. */
  readonly position: Position;
  /** The board the server has confirmed. */
  readonly confirmed: Position;
  /** Moves sent so far (the next move's index). */
  readonly sent: number;
  /** Moves sent and not answered yet. */
  readonly pending: number;
  readonly connection: Connection;
  /** The last thing that went wrong (a lost connection, a disagreement), or null. */
  readonly error: ClientError | null;
}

/** What changed, with the snapshot after it. */
export type RankedChange =
  /** A move was made: its slide, to animate now. */
  | {
      readonly type: 'slid';
      readonly index: number;
      readonly direction: Direction;
      readonly events: readonly TileEvent[];
      readonly gained: number;
      readonly moved: boolean;
    }
  /** The server answered a move: its spawn, to show now; the move's slide for the record. */
  | {
      readonly type: 'answered';
      readonly index: number;
      readonly direction: Direction;
      readonly answer: MoveAnswer;
      readonly events: readonly TileEvent[];
      readonly spawn: TileEvent | null;
    }
  | { readonly type: 'connection'; readonly connection: Connection }
  /** The board was read again from the server after `error`; redraw it. */
  | { readonly type: 'resynced'; readonly error: ClientError };

/** What `move` did: sent with its slide, or why not. */
export type MoveOutcome =
  | {
      readonly sent: true;
      readonly index: number;
      readonly events: readonly TileEvent[];
      readonly gained: number;
      readonly moved: boolean;
    }
  | {
      readonly sent: false;
      /** No tile can move that way; the game is lost; the connection is paused; too far ahead. */
      readonly reason: 'nothing moves' | 'game over' | 'paused' | 'too far ahead' | 'gone';
    };

export interface RankedGame {
  readonly gameId: string;
  readonly watchId: string;
  readonly rules: Rules;
  snapshot(): RankedSnapshot;
  /**
   * Make a move: the slide is applied to the local board at once and returned (to animate),
   * and the move is sent; its spawn arrives as an `answered` change.
   */
  move(direction: Direction): MoveOutcome;
  /** Be told of every change; returns the function that stops it. */
  subscribe(listener: (change: RankedChange, snapshot: RankedSnapshot) => void): () => void;
  /** Resolves when every move sent is answered (or the game is gone). */
  settled(): Promise<void>;
  /** Rank the lost game under `name`. */
  rank(name: string): Promise<ClientResult<ScoreAnswer>>;
  /** Stop: no more retries, no more changes. */
  close(): void;
}

/** How the pipeline retries; the defaults suit a person at a browser or a terminal. */
export interface RankedOptions extends ServerLink {
  /** The first pause before sending again after a lost connection (default 250 ms). */
  readonly retryFirstMs?: number;
  /** The longest pause between attempts (default 5000 ms); it doubles up to this. */
  readonly retryMaxMs?: number;
  /** Waits `ms` (default a timer); tests pass their own clock. */
  readonly wait?: (ms: number) => Promise<void>;
}
