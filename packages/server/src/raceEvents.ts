import type { RaceEventName, RaceEvents } from '@twenty48/common';
import { raceAnswerOf, raceStatus } from '@twenty48/ranked';
import { eventStream } from './eventStream.js';
import type { KnownRace, PlayTable } from './play.js';
import type { RankedGame, Watcher } from './rankedGame.js';
import type { RankedTable } from './rankedTable.js';

/** One Server-Sent Event of a race: its name and its data, JSON on one line. */
const eventText = <Name extends RaceEventName>(name: Name, data: RaceEvents[Name]): string =>
  `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

/** One open stream of a race: what it is sent, and its end. */
interface RaceListener {
  send(text: string): void;
  close(): void;
}

/** A race watched on this server: its streams, the games it listens to, what it last saw. */
interface Hub {
  readonly raceId: string;
  readonly listeners: Set<RaceListener>;
  /** The players' games it listens to, by watch id. */
  readonly games: Map<string, { ranked: RankedGame; watcher: Watcher }>;
  known: KnownRace;
  timer: ReturnType<typeof setInterval>;
  refreshing: Promise<void> | null;
  /** A change came while it was being read: read it once more after. */
  again: boolean;
  /** Moves that came before the start was read here, told after it. */
  waitingMoves: string[] | null;
}

export interface RaceEventsOptions {
  readonly play: PlayTable;
  readonly table: RankedTable;
  readonly keepAliveMs: number;
  readonly queueBytes: number;
  /** How often a watched race is read again (joins, the start, the end on other servers). */
  readonly pollMs: number;
}

/**
 * The races' live streams (`GET /api/races/:raceId/events`). Each race watched here has one
 * hub: it listens to every player's game as a watcher of the ranked games' edge (so the moves
 * of every server reach it, as they reach any watcher), reads the race again every `pollMs`
 * and whenever this server changes it, and tells its streams `join`, `start`, `move` and, once
 * the race is over, `finish` (then closes them).
 */
export function createRaceEvents({
  play,
  table,
  keepAliveMs,
  queueBytes,
  pollMs,
}: RaceEventsOptions) {
  const hubs = new Map<string, Hub>();
  let open = 0;

  const broadcast = (hub: Hub, text: string): void => {
    for (const listener of hub.listeners) listener.send(text);
  };

  const stopHub = (hub: Hub): void => {
    clearInterval(hub.timer);
    for (const { ranked, watcher } of hub.games.values()) ranked.watchers.delete(watcher);
    hub.games.clear();
    for (const listener of hub.listeners) listener.close();
    hub.listeners.clear();
    hubs.delete(hub.raceId);
  };

  /** Listen to a player's game (again, if the edge let its watcher go). */
  const attach = async (hub: Hub, watchId: string): Promise<void> => {
    if (hub.games.has(watchId)) return;
    const ranked = await table.watched(watchId);
    if (!ranked || hub.games.has(watchId) || !hubs.has(hub.raceId)) return;
    const watcher: Watcher = {
      from: ranked.letters.length,
      move: (event) => tellMove(hub, eventText('move', { ...event, watchId })),
      end: () => void refresh(hub),
      close: () => {
        hub.games.delete(watchId);
      },
    };
    ranked.watchers.add(watcher);
    hub.games.set(watchId, { ranked, watcher });
  };

  /** Read the race again and tell what changed; at its end, `finish` and close. */
  /** Read the race once and tell what changed; at its end, `finish` and close. */
  const readOnce = async (hub: Hub): Promise<void> => {
    const race = await play.readRace(hub.raceId);
    if (!race) {
      stopHub(hub);
      return;
    }
    const before = new Set(hub.known.players.map((player) => player.watchId));
    for (const player of race.players) {
      if (before.has(player.watchId)) continue;
      const { joinedAt: _, ...shown } = player;
      broadcast(hub, eventText('join', shown));
    }
    if (hub.known.startedAt === null && race.startedAt !== null && race.endsAt !== null) {
      broadcast(hub, eventText('start', { startedAt: race.startedAt, endsAt: race.endsAt }));
    }
    hub.known = race;
    if (raceStatus(race, play.now()) === 'finished') {
      broadcast(hub, eventText('finish', raceAnswerOf(race, play.now())));
      stopHub(hub);
      await play.closeOver();
      return;
    }
    for (const player of race.players) {
      if (player.status !== 'lost') await attach(hub, player.watchId);
    }
  };
  /** Read the race again (once more after, if a change came meanwhile); done when all is told. */
  const refresh = (hub: Hub): Promise<void> => {
    if (hub.refreshing) {
      hub.again = true;
      return hub.refreshing;
    }
    hub.refreshing = (async () => {
      try {
        do {
          hub.again = false;
          await readOnce(hub);
        } while (hub.again && hubs.has(hub.raceId));
      } finally {
        hub.refreshing = null;
      }
    })();
    return hub.refreshing;
  };

  /**
   * Tell a move. Before the race is known to have started here (another server started it, and
   * this one has not read it yet), the race is read first, so that `start` comes before the
   * first `move`; the moves meanwhile wait, in order.
   */
  const tellMove = (hub: Hub, text: string): void => {
    if (hub.known.startedAt !== null && hub.waitingMoves === null) {
      broadcast(hub, text);
      return;
    }
    if (hub.waitingMoves) {
      hub.waitingMoves.push(text);
      return;
    }
    hub.waitingMoves = [text];
    refresh(hub)
      .catch(() => {})
      .finally(() => {
        const texts = hub.waitingMoves ?? [];
        hub.waitingMoves = null;
        for (const waiting of texts) broadcast(hub, waiting);
      });
  };

  const stopHearing = play.onChange((raceId) => {
    const hub = hubs.get(raceId);
    if (hub) refresh(hub).catch(() => {});
  });
  play.onClose(() => {
    stopHearing();
    for (const hub of [...hubs.values()]) stopHub(hub);
  });

  return {
    /**
     * A stream of the race, or null when there is no such race. The first event is `race`;
     * a race already over gets `finish` at once, and the stream closes.
     */
    async open(raceId: string, onClose: () => void): Promise<ReadableStream | null> {
      const race = await play.readRace(raceId);
      if (!race) return null;
      open++;
      let listener: RaceListener | undefined;
      // Too slow a reader: let go, as a game's watcher is (it may connect again).
      const dropped = eventText('dropped', {
        error: 'ERR_WATCHER_TOO_SLOW',
        message: `more than ${queueBytes} bytes of events were waiting; connect again`,
      });
      return eventStream({
        queueBytes,
        keepAliveMs,
        droppedText: dropped,
        onFinish: () => {
          const hub = hubs.get(raceId);
          if (hub && listener) {
            hub.listeners.delete(listener);
            if (hub.listeners.size === 0) stopHub(hub);
          }
          open--;
          onClose();
        },
        start: async (sink) => {
          const now = play.now();
          sink.write(eventText('race', raceAnswerOf(race, now)));
          if (raceStatus(race, now) === 'finished') {
            sink.write(eventText('finish', raceAnswerOf(race, now)));
            sink.end();
            return;
          }
          listener = { send: sink.write, close: sink.end };
          let hub = hubs.get(raceId);
          if (!hub) {
            const created: Hub = {
              raceId,
              listeners: new Set(),
              games: new Map(),
              known: race,
              timer: setInterval(() => {
                refresh(created).catch(() => {});
              }, pollMs),
              refreshing: null,
              again: false,
              waitingMoves: null,
            };
            created.timer.unref();
            hubs.set(raceId, created);
            hub = created;
          }
          hub.listeners.add(listener);
          sink.keepAlive();
          await refresh(hub);
        },
      });
    },

    /** Whether one more stream of `raceId` fits: `perRace` on it, `total` race streams here. */
    roomFor(raceId: string, perRace: number, total: number): boolean {
      return open < total && (hubs.get(raceId)?.listeners.size ?? 0) < perRace;
    },

    /** Read every watched race again now (the timer does it every `pollMs`). */
    async refreshAll(): Promise<void> {
      await Promise.all([...hubs.values()].map(refresh));
    },

    /** End every stream (the server closes). */
    close(): void {
      stopHearing();
      for (const hub of [...hubs.values()]) stopHub(hub);
    },
  };
}

export type RaceEventStreams = ReturnType<typeof createRaceEvents>;
