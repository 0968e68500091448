/** Test helpers: a real server's ranked API, spoken over HTTP as a client would. */
import type {
  CreateGameAnswer,
  MoveAnswer,
  RankedDirection,
  RankedRules,
  WireBoard,
} from '@twenty48/common';
import { slide } from '@twenty48/engine';

export const JSON_TYPE = { 'content-type': 'application/json' };

/** Status, headers and JSON body of one request, for one-line expectations. */
export interface Answer<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
  readonly retryAfter: number;
  readonly text: string;
}

/** The Retry-After header in whole seconds (NaN when it is missing or not a number). */
const retryAfterOf = (response: Response): number => {
  const header = response.headers.get('retry-after') ?? '';
  return /^\d+$/.test(header) ? Number(header) : Number.NaN;
};

export async function answerOf<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  return {
    status: response.status,
    body: JSON.parse(text) as T,
    retryAfter: retryAfterOf(response),
    text,
  };
}

/** A client of one server: JSON posts and gets, a game created, moves played. */
export function rankedClient(url: () => string) {
  const post = <T = Record<string, unknown>>(path: string, body: unknown) =>
    fetch(url() + path, {
      method: 'POST',
      headers: JSON_TYPE,
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }).then((response) => answerOf<T>(response));
  const get = <T = Record<string, unknown>>(path: string) =>
    fetch(url() + path).then((response) => answerOf<T>(response));
  const create = async (rules: RankedRules = 'classic', size = 4) => {
    const created = await post<CreateGameAnswer>('/api/games', { rules, size });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
    return created.body;
  };
  const move = (gameId: string, direction: RankedDirection, index?: number) =>
    post<MoveAnswer>(
      `/api/games/${gameId}/moves`,
      index === undefined ? { direction } : { direction, index },
    );
  return { post, get, create, move };
}

/** Down, then left, then right, then up: the first that slides a tile on this board. */
const CORNER_ORDER: readonly RankedDirection[] = ['down', 'left', 'right', 'up'];
export function cornerMove(board: WireBoard, rules: RankedRules): RankedDirection {
  return CORNER_ORDER.find((direction) => slide(board, direction, rules).moved) ?? 'down';
}

/** One Server-Sent Event as a watcher reads it; comments (`: keep-alive`) as `comment`. */
export interface ReadEvent {
  readonly event: string;
  readonly data: unknown;
}

/**
 * Watch a game's live stream: the response's status, and its events as they come (`next`
 * waits for the next one, null at the end of the stream); `stop` disconnects.
 */
export async function watchStream(url: string) {
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queued: ReadEvent[] = [];
  const parse = (block: string): ReadEvent => {
    if (block.startsWith(':')) return { event: 'comment', data: block.slice(1).trim() };
    const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
    const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
    return { event, data: JSON.parse(data) };
  };
  const next = async (): Promise<ReadEvent | null> => {
    while (queued.length === 0) {
      const read = await reader?.read().catch(() => ({ done: true, value: undefined }));
      if (!read || read.done) return null;
      buffer += decoder.decode(read.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        queued.push(parse(buffer.slice(0, end)));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
    return queued.shift() ?? null;
  };
  /** Every event to the end of the stream. */
  const rest = async (): Promise<ReadEvent[]> => {
    const events: ReadEvent[] = [];
    for (let event = await next(); event; event = await next()) events.push(event);
    return events;
  };
  return { response, next, rest, stop: () => abort.abort() };
}
