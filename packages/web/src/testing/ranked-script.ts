// A ranked game as the client reports it to the page, scripted for the view model's tests: the
// engine deals on the "server" side, the client's own functions slide and follow the answers,
// and each step is the input the page would get.

import {
  type Connection,
  countIds,
  followMove,
  type Position,
  positionOf,
  type RankedSnapshot,
  slidePosition,
} from '@twenty48/client';
import type { RankedRules } from '@twenty48/common';
import { type Direction, newGame, step } from '@twenty48/engine';
import { answerOf } from '@twenty48/ranked';
import { rulesOf, type Variant } from '../saved-game.js';
import type { ViewInput } from '../view-state.js';

/** A snapshot of a ranked game showing `position`, with anything else given. */
export function snapshotOf(
  position: Position,
  overrides: Partial<RankedSnapshot> = {},
): RankedSnapshot {
  const variant = { rules: position.rules.name as RankedRules, size: position.rules.size };
  return {
    gameId: 'g1',
    watchId: 'w1',
    variant,
    position,
    confirmed: position,
    sent: 0,
    pending: 0,
    connection: 'online',
    error: null,
    ...overrides,
  };
}

/**
 * A ranked game `gameId` the "server" deals from `seed`: `move` is what the page hears when the
 * client slides, `answer` when the oldest move sent is answered, `connection` when it changes.
 */
export function rankedScript(
  seed: string,
  variant: Variant = { rules: 'classic', size: 4 },
  gameId = 'g1',
) {
  const rules = rulesOf(variant);
  let server = newGame(rules, seed);
  const ids = countIds(1);
  let confirmed = positionOf(
    rules,
    server.board,
    { score: 0, status: server.status, moves: 0 },
    ids,
  );
  let local = confirmed;
  let sent = 0;
  let connection: Connection = 'online';
  const pending: Direction[] = [];
  const snapshot = (): RankedSnapshot =>
    snapshotOf(local, { gameId, confirmed, sent, pending: pending.length, connection });
  return {
    snapshot,
    server: () => server,
    move(direction: Direction): ViewInput {
      const slid = slidePosition(local, direction, ids);
      if (!slid.moved && pending.length === 0) {
        const outcome = { sent: false, reason: 'nothing moves' } as const;
        return { type: 'rankedMoved', gameId, direction, outcome, snapshot: snapshot() };
      }
      local = slid.position;
      pending.push(direction);
      const { events, gained, moved } = slid;
      const outcome = { sent: true, index: sent, events, gained, moved } as const;
      sent += 1;
      return { type: 'rankedMoved', gameId, direction, outcome, snapshot: snapshot() };
    },
    answer(): ViewInput {
      const direction = pending.shift();
      if (direction === undefined) throw new Error('no move waits for an answer');
      const index = sent - pending.length - 1;
      const result = step(server, direction);
      server = result.game;
      const answer = answerOf(result, index);
      const followed = followMove(confirmed, { ...answer, direction }, ids);
      if (followed === null) throw new Error('the script disagrees with itself');
      confirmed = followed.position;
      local = pending.reduce((p, d) => slidePosition(p, d, ids).position, confirmed);
      const { events, spawn } = followed;
      const change = { type: 'answered', index, direction, answer, events, spawn } as const;
      return { type: 'rankedChanged', gameId, change, snapshot: snapshot() };
    },
    connection(next: Connection): ViewInput {
      connection = next;
      const change = { type: 'connection', connection: next } as const;
      return { type: 'rankedChanged', gameId, change, snapshot: snapshot() };
    },
  };
}
