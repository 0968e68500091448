// The Daily page's edge: today's challenge read from the server that served the page, its
// game played with the ranked pipeline (the slide at once, the spawn when the server answers),
// the result ranked on the day's table, the share line copied, the streak kept in
// localStorage. What it keeps and says is daily-view.ts's, pure.

import {
  type ClientError,
  createDailyGame,
  type DailyInfo,
  type RankedGame,
  rankDailyGame,
  readDaily,
  readDailyScores,
  resumeRankedGame,
} from '@twenty48/client';
import { escapeAndCut, formatNumber } from '@twenty48/common';
import type { TileEvent } from '@twenty48/engine';
import { fitBoard } from '../board-fit.js';
import { inside } from '../dom.js';
import { createBoardView } from '../render.js';
import { cleanName } from '../settings.js';
import { readJson } from '../storage.js';
import {
  DAILY_KEY,
  type DailyRecord,
  dayLine,
  parseDailyRecord,
  recordFor,
  resultLine,
  shareLineOf,
  streakLine,
  tableRow,
  withFinish,
  withGame,
  withRank,
} from './daily-view.js';
import {
  byId,
  copyText,
  fillList,
  listenMoves,
  openTogetherPage,
  say,
  selectText,
} from './page.js';

const page = openTogetherPage();
const boardElement = byId('board');
fitBoard(inside(document, '.board-area'), boardElement);
const board = createBoardView(boardElement, page.animated);
const playButton = byId<HTMLButtonElement>('daily-play');
const nameForm = byId<HTMLFormElement>('daily-name-form');
const nameInput = byId<HTMLInputElement>('daily-name');
const NAME_KEY = 'twenty48:together-name';

let record: DailyRecord = parseDailyRecord(readJson(page.store, DAILY_KEY));
let info: DailyInfo | null = null;
let game: RankedGame | null = null;

const save = (next: DailyRecord): void => {
  record = next;
  page.store.set(DAILY_KEY, JSON.stringify(record));
};
const status = (text: string): void => {
  byId('daily-status').textContent = text;
};
const described = (error: ClientError): string =>
  `${escapeAndCut(error.message)} (${escapeAndCut(error.code, 40)})`;

/** The result, the share line and the streak, as the record has them. */
function showRecord(): void {
  const today = info?.date ?? '';
  byId('streak').textContent = streakLine(record.played, today);
  const { finish } = record;
  byId('share-box').hidden = finish === null;
  nameForm.hidden = finish === null || finish.rank !== null;
  if (finish === null) return;
  byId('result-line').textContent = resultLine(finish);
  byId('share-line').textContent = shareLineOf(finish);
}

async function showTable(): Promise<void> {
  if (info === null) return;
  const table = await readDailyScores(page.link, info.date);
  const list = byId('daily-table');
  if (!table.ok) {
    fillList(list, [], `The table cannot be read: ${described(table.error)}`);
    return;
  }
  fillList(list, table.value.scores.map(tableRow), 'Nobody has finished today’s game yet.');
}

/** Draw the game's board and its numbers, animating `events` when there are any. */
function draw(events: readonly TileEvent[] = []): void {
  if (game === null) return;
  const { position } = game.snapshot();
  board.draw(position, page.settings.tiles, events);
  byId('score').textContent = formatNumber(position.score);
  byId('moves').textContent = formatNumber(position.moves);
}

/** The game is over: its result is kept, the day counts for the streak, the name is asked. */
function finished(): void {
  if (game === null || info === null) return;
  const { position } = game.snapshot();
  const maxTile = Math.max(...position.board.flat());
  save(withFinish(record, { date: info.date, ...position, maxTile }));
  showRecord();
  playButton.textContent = 'Play again (not ranked)';
  playButton.disabled = false;
  const text = `Game over: ${formatNumber(position.score)} points in ${formatNumber(position.moves)} moves.`;
  status(text);
  say('live', text);
  if (!nameForm.hidden) {
    nameInput.value = page.store.get(NAME_KEY) ?? page.settings.name;
    nameInput.focus();
  }
}

/** Play `next`: drawn, followed, and over once the server says it is lost. */
function follow(next: RankedGame, ranked: boolean): void {
  game?.close();
  game = next;
  draw();
  next.subscribe((change, snapshot) => {
    if (game !== next) return;
    if (change.type === 'answered') {
      draw(change.spawn ? [change.spawn] : []);
      if (change.answer.status === 'won' && snapshot.position.status === 'won') {
        status('You reached 2048! Play on for a higher score.');
      }
      if (snapshot.confirmed.status === 'lost' && ranked) finished();
      else if (snapshot.confirmed.status === 'lost')
        status('Game over. Only your first game of the day is ranked.');
    } else if (change.type === 'resynced') {
      draw();
    } else if (change.type === 'connection') {
      const lost = snapshot.connection === 'retrying' || snapshot.connection === 'resyncing';
      if (lost) status('Connection lost, retrying…');
      else if (snapshot.connection === 'gone') {
        status(
          `The server no longer has this game: ${snapshot.error ? described(snapshot.error) : ''}`,
        );
      } else status('Connection back: the game goes on.');
    }
  });
  if (next.snapshot().confirmed.status === 'lost' && ranked) finished();
}

listenMoves(boardElement, (direction) => {
  if (game === null) return;
  board.finish();
  const outcome = game.move(direction);
  if (outcome.sent) draw(outcome.events);
});

playButton.addEventListener('click', async () => {
  playButton.disabled = true;
  const again = record.finish !== null;
  status('Dealing today’s game…');
  const created = await createDailyGame(page.link);
  if (!created.ok) {
    status(`No game: ${described(created.error)}`);
    playButton.disabled = false;
    return;
  }
  if (!again) save(withGame(record, created.value.date, created.value.game.gameId));
  status(again ? 'Today’s game again: played, not ranked.' : 'Today’s game: good luck!');
  follow(created.value.game, !again);
  inside(boardElement, '.cells').focus({ preventScroll: true });
});

nameForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = cleanName(nameInput.value);
  if (name === '' || record.gameId === null) {
    status('That name cannot be used: a name is 1 to 24 letters, digits or marks.');
    return;
  }
  const ranked = await rankDailyGame(page.link, record.gameId, name);
  if (!ranked.ok) {
    status(`Not ranked: ${described(ranked.error)}`);
    return;
  }
  page.store.set(NAME_KEY, name);
  save(withRank(record, ranked.value.rank, name));
  showRecord();
  const text = `${name} is number ${ranked.value.rank} today.`;
  status(text);
  say('live', text);
  void showTable();
});

byId('share').addEventListener('click', async () => {
  const line = byId('share-line');
  const copied = await copyText(line.textContent ?? '');
  if (!copied) selectText(line);
  byId('share-note').textContent = copied
    ? 'Copied: paste it anywhere.'
    : 'Your browser would not copy it: the line is selected, copy it with Ctrl+C.';
});

/** Open the page: today's challenge, its table, and today's game to go on with. */
async function open(): Promise<void> {
  const today = await readDaily(page.link);
  if (!today.ok) {
    const { status: code, code: name } = today.error;
    const noServer = code === 404 || name === 'ERR_OFFLINE' || name === 'ERR_RESPONSE';
    const text = noServer
      ? `The daily challenge needs the game’s server (2048 serve): ${described(today.error)}`
      : `Today’s challenge cannot be read: ${described(today.error)}`;
    status(text);
    return;
  }
  info = today.value;
  byId('day-line').textContent = dayLine(info);
  save(recordFor(record, info.date));
  showRecord();
  void showTable();
  playButton.disabled = false;
  if (record.finish !== null) playButton.textContent = 'Play again (not ranked)';
  if (record.gameId === null || record.finish !== null) return;
  const resumed = await resumeRankedGame(page.link, record.gameId);
  if (resumed.ok) {
    status('Your game of today goes on.');
    follow(resumed.value, true);
  }
}

void open();
