// The Race page's edge: a race created or joined on the server that served the page, its
// lobby, the 3-2-1 counted down on the server's clock, your board large (the ranked pipeline:
// the slide at once, the spawn when the server answers) and the others small and live over
// the race's event stream, and the standings at the end. Which screen shows and what it says
// is race-view.ts's, pure.

import {
  type ClientError,
  createRace,
  joinRace,
  type RaceInfo,
  type RaceWatch,
  type RankedGame,
  readRace,
  resumeRankedGame,
  startRace,
  watchRace,
} from '@twenty48/client';
import { escapeAndCut, formatNumber, isRankedRules, type RankedRules } from '@twenty48/common';
import { makeRules, type Rules } from '@twenty48/engine';
import { inside } from '../dom.js';
import { type BoardView, createBoardView } from '../render.js';
import { cleanName } from '../settings.js';
import { readJson } from '../storage.js';
import {
  byId,
  copyText,
  drawCells,
  fillList,
  listenMoves,
  openTogetherPage,
  say,
  selectText,
} from './page.js';
import {
  countdownNumber,
  type JoinedRace,
  keepRace,
  lobbyLine,
  parseJoinedRaces,
  playerLine,
  RACES_KEY,
  type RaceScreen,
  raceIdOf,
  raceLink,
  screenOf,
  supersedes,
  timeLeft,
  winnerLine,
} from './race-view.js';

const page = openTogetherPage();
const NAME_KEY = 'twenty48:together-name';
const SECTIONS: Record<RaceScreen, readonly string[]> = {
  setup: ['setup'],
  join: ['join'],
  lobby: ['lobby'],
  countdown: ['countdown', 'racing', 'rivals-box'],
  racing: ['racing', 'rivals-box'],
  watching: ['rivals-box'],
  over: ['over', 'racing', 'rivals-box'],
};
const ALL_SECTIONS = ['setup', 'join', 'lobby', 'countdown', 'racing', 'rivals-box', 'over'];

const boardElement = byId('board');
const board = createBoardView(boardElement, page.animated);
let races = parseJoinedRaces(readJson(page.store, RACES_KEY));
let raceId: string | null = null;
let race: RaceInfo | null = null;
let rules: Rules | null = null;
/** The server's clock minus this page's, from the race's `now`. */
let offset = 0;
let game: RankedGame | null = null;
let watch: RaceWatch | null = null;
let shown: RaceScreen | null = null;
const rivals = new Map<string, { view: BoardView; caption: HTMLElement; name: string }>();

const serverNow = (): number => Date.now() + offset;
/** Read through a function: the race changes under the awaits of the loops that ask. */
const isOver = (): boolean => race?.status === 'finished';
const joined = (): JoinedRace | null => races.find((r) => r.raceId === raceId) ?? null;
const status = (text: string): void => {
  byId('race-status').textContent = text;
};
const described = (error: ClientError): string =>
  `${escapeAndCut(error.message)} (${escapeAndCut(error.code, 40)})`;
const remember = (entry: JoinedRace): void => {
  races = keepRace(races, entry);
  page.store.set(RACES_KEY, JSON.stringify(races));
};
const defaultName = (): string => page.store.get(NAME_KEY) ?? page.settings.name;

/** A small board for each other player of the race, in its order. */
function showRivals(): void {
  if (race === null || rules === null) return;
  const mine = game?.watchId;
  const box = byId('rivals');
  for (const player of race.players) {
    if (player.watchId === mine) continue;
    let rival = rivals.get(player.watchId);
    if (rival === undefined) {
      const figure = document.createElement('figure');
      figure.className = 'rival';
      figure.dataset.testid = 'rival';
      const caption = document.createElement('figcaption');
      const boardDiv = document.createElement('div');
      boardDiv.className = 'board';
      boardDiv.dataset.testid = 'rival-board';
      boardDiv.setAttribute('aria-label', `${escapeAndCut(player.name, 40)}'s board`);
      boardDiv.setAttribute('role', 'group');
      boardDiv.innerHTML =
        '<table class="cells"></table><div class="tiles" aria-hidden="true"></div>';
      figure.append(caption, boardDiv);
      box.append(figure);
      rival = { view: createBoardView(boardDiv, () => false), caption, name: player.name };
      rivals.set(player.watchId, rival);
      const start = game?.snapshot().position;
      if (start && start.moves === 0 && player.moves === 0) {
        drawCells(rival.view, rules, start.board, page.settings);
      } else {
        drawCells(rival.view, rules, emptyBoard(rules.size), page.settings);
      }
    }
    rival.caption.textContent = `${escapeAndCut(player.name, 40)}: ${formatNumber(player.score)}`;
  }
}

const emptyBoard = (size: number): number[][] =>
  Array.from({ length: size }, () => new Array<number>(size).fill(0));

/** Show the screen the race asks for now, with its words. */
function render(): void {
  const screen = screenOf(race, joined(), serverNow());
  for (const id of ALL_SECTIONS) byId(id).hidden = !SECTIONS[screen].includes(id);
  byId('race-scores').hidden = !['countdown', 'racing', 'over'].includes(screen);
  if (race !== null) {
    const { rules: name, size, minutes } = race;
    byId('race-line').textContent =
      `A race of ${name} ${size} × ${size}, ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
    showRivals();
  }
  if (screen === 'lobby' && race !== null && raceId !== null) {
    const host = joined()?.hostToken != null;
    const link = byId<HTMLAnchorElement>('race-link');
    link.href = raceLink(window.location.href, raceId);
    link.textContent = link.href;
    byId('start-race').hidden = !host;
    byId('lobby-line').textContent = lobbyLine(race, host);
    fillList(
      byId('lobby-players'),
      race.players.map((p) => escapeAndCut(p.name, 40)),
      'Nobody yet.',
    );
  }
  if (screen === 'over' && race !== null) {
    byId('winner').textContent = winnerLine(race);
    const rows = race.players.map((p) => playerLine(p, rules?.goal ?? null));
    fillList(byId('standings'), rows, 'Nobody played.');
  }
  if (screen !== shown) entered(screen);
  shown = screen;
}

/** What a new screen says and where the focus goes. */
function entered(screen: RaceScreen): void {
  if (screen === 'setup') byId<HTMLInputElement>('setup-name').value ||= defaultName();
  if (screen === 'join') byId<HTMLInputElement>('join-name').value ||= defaultName();
  if (screen === 'racing') {
    say('live', 'Go!');
    inside(boardElement, '.cells').focus({ preventScroll: true });
  }
  if (screen === 'over' && race !== null) {
    say('live', `The race is over. ${winnerLine(race)}`);
    byId('over-heading').focus({ preventScroll: true });
  }
}

function applyRace(next: RaceInfo): void {
  if (!supersedes(race, next)) return;
  const changedRules = race === null || race.rules !== next.rules || race.size !== next.size;
  race = next;
  offset = Date.parse(next.now) - Date.now();
  if (changedRules) {
    const made = makeRules(next.rules, { size: next.size });
    rules = made.ok ? made.value : null;
  }
  render();
}

async function refresh(): Promise<void> {
  if (raceId === null) return;
  const read = await readRace(page.link, raceId);
  if (read.ok) applyRace(read.value);
  else status(`The race cannot be read: ${described(read.error)}`);
}

/** Follow the race's events until it is over (again after a break, a second later). */
async function follow(id: string, size: number): Promise<void> {
  while (raceId === id && !isOver()) {
    watch = watchRace(page.link.fetch, '.', id, size);
    for await (const update of watch) {
      if (raceId !== id) return;
      if (update.type === 'move') {
        const rival = rivals.get(update.watchId);
        if (rival && rules) {
          drawCells(rival.view, rules, update.board, page.settings);
          rival.caption.textContent = `${escapeAndCut(rival.name, 40)}: ${formatNumber(update.score)}`;
        }
      } else if (update.type === 'changed') {
        if (update.race) applyRace(update.race);
        else await refresh();
      }
    }
    if (raceId === id && !isOver()) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await refresh();
    }
  }
}

function drawMine(events: Parameters<BoardView['draw']>[2] = []): void {
  if (game === null) return;
  const { position } = game.snapshot();
  board.draw(position, page.settings.tiles, events);
  byId('score').textContent = formatNumber(position.score);
}

function play(next: RankedGame): void {
  game?.close();
  game = next;
  drawMine();
  next.subscribe((change, snapshot) => {
    if (game !== next) return;
    if (change.type === 'answered') drawMine(change.spawn ? [change.spawn] : []);
    if (change.type === 'resynced') drawMine();
    if (change.type === 'connection' && snapshot.connection === 'gone') {
      const code = snapshot.error?.code;
      if (code === 'ERR_RACE_OVER') void refresh();
      else if (snapshot.error) status(`Your game stopped: ${described(snapshot.error)}`);
    }
    if (change.type === 'answered' && snapshot.confirmed.status === 'lost') {
      status('No move left: your race is over. The others play on.');
      void refresh();
    }
  });
}

listenMoves(boardElement, (direction) => {
  if (game === null || shown !== 'racing') return;
  board.finish();
  const outcome = game.move(direction);
  if (outcome.sent) drawMine(outcome.events);
});

/** Open the race the address names (or the set-up form when it names none). */
async function load(): Promise<void> {
  watch?.close();
  game?.close();
  game = null;
  race = null;
  shown = null;
  rivals.clear();
  byId('rivals').replaceChildren();
  raceId = raceIdOf(window.location.hash);
  status('');
  if (raceId === null) {
    render();
    return;
  }
  const id = raceId;
  const read = await readRace(page.link, id);
  if (!read.ok) {
    status(`The race cannot be read: ${described(read.error)}`);
    render();
    return;
  }
  // Your own game first, so that your board is never drawn among the others'.
  const mine = joined();
  if (mine?.gameId) {
    const resumed = await resumeRankedGame(page.link, mine.gameId);
    if (resumed.ok) play(resumed.value);
  }
  applyRace(read.value);
  void follow(id, read.value.size);
}

async function join(name: string): Promise<boolean> {
  if (raceId === null || race === null) return false;
  const variant = { rules: race.rules, size: race.size };
  const joinedGame = await joinRace(page.link, raceId, name, variant);
  if (!joinedGame.ok) {
    status(`Cannot join: ${described(joinedGame.error)}`);
    return false;
  }
  page.store.set(NAME_KEY, name);
  const host = joined()?.hostToken ?? null;
  remember({ raceId, gameId: joinedGame.value.gameId, name, hostToken: host });
  play(joinedGame.value);
  await refresh();
  return true;
}

/** Create a race of these settings, keep its host token, and go to it (then join it). */
async function create(
  name: string,
  settings: { rules: RankedRules; size: number; minutes: number },
) {
  const created = await createRace(page.link, settings);
  if (!created.ok) {
    status(`No race: ${described(created.error)}`);
    return;
  }
  const { raceId: id, hostToken } = created.value;
  remember({ raceId: id, gameId: null, name, hostToken });
  window.history.pushState(null, '', `#${id}`);
  await load();
  await join(name);
}

byId<HTMLFormElement>('setup-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const name = cleanName(byId<HTMLInputElement>('setup-name').value);
  if (name === '') return status('That name cannot be used: 1 to 24 letters, digits or marks.');
  const rulesName = byId<HTMLSelectElement>('setup-rules').value;
  if (!isRankedRules(rulesName))
    return status('Choose the rules: Classic 2048, FiveTwelve or Tiers.');
  const size = Number(byId<HTMLSelectElement>('setup-size').value);
  const minutes = Number(byId<HTMLInputElement>('setup-minutes').value);
  void create(name, { rules: rulesName, size, minutes });
});

byId<HTMLFormElement>('join-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const name = cleanName(byId<HTMLInputElement>('join-name').value);
  if (name === '') return status('That name cannot be used: 1 to 24 letters, digits or marks.');
  void join(name);
});

byId('start-race').addEventListener('click', async () => {
  const host = joined()?.hostToken;
  if (raceId === null || !host) return;
  const started = await startRace(page.link, raceId, host);
  if (started.ok) applyRace(started.value);
  else status(`Cannot start: ${described(started.error)}`);
});

byId('copy-link').addEventListener('click', async () => {
  const link = byId('race-link');
  const copied = await copyText(link.textContent ?? '');
  if (!copied) selectText(link);
  byId('copy-note').textContent = copied
    ? 'Link copied.'
    : 'Your browser would not copy it: the link is selected, copy it with Ctrl+C.';
});

byId('race-again').addEventListener('click', () => {
  if (race === null) return;
  const name = joined()?.name ?? defaultName();
  const { rules: again, size, minutes } = race;
  if (name === '') {
    window.history.pushState(null, '', './race.html');
    void load();
    return;
  }
  void create(name, { rules: again, size, minutes });
});

// The countdown and the clock, on the server's time; the end asked for once time is up.
let askedAt = 0;
setInterval(() => {
  if (race === null) return;
  const now = serverNow();
  const screen = screenOf(race, joined(), now);
  if (screen !== shown) render();
  const countdown = byId('countdown');
  if (screen === 'countdown' && race.startedAt !== null) {
    const number = countdownNumber(Date.parse(race.startedAt) - now);
    countdown.textContent = number === null ? 'Go!' : String(number);
  }
  if (race.endsAt !== null && race.status === 'running') {
    const left = Date.parse(race.endsAt) - now;
    byId('time-left').textContent = timeLeft(left);
    // Time is up: the server finishes the race; ask for it every two seconds until it says so.
    if (left < -1000 && now - askedAt > 2000) {
      askedAt = now;
      void refresh();
    }
  }
}, 200);

window.addEventListener('hashchange', () => void load());
void load();
