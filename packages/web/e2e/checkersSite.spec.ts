/**
 * The checkers page as a draughts site plays (issue 25): your side at the bottom and Flip
 * board, moves that slide and the last move marked, the move list to step through and play on
 * from, the result panel and the rematch, PDN import, ballots, sounds, the analysis.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ACF_BALLOTS } from '@twenty48/checkers';
import { CHECKERS_BOARD, type Theme } from '@twenty48/common';

const square = (page: Page, n: number) => page.locator(`button[data-square="${n}"]`);
const moves = (page: Page) => page.getByTestId('moves').locator('button.move');
const click = async (page: Page, ...squares: number[]): Promise<void> => {
  for (const n of squares) await square(page, n).click();
};

async function openPage(page: Page, mode: 'two' | 'computer' = 'two'): Promise<void> {
  await page.goto('./checkers.html');
  await expect(page.getByTestId('status')).toHaveText('Black to move');
  if (mode === 'two') await page.locator('#mode').selectOption('two');
}

async function paste(page: Page, text: string): Promise<void> {
  await page.locator('details.paste summary').click();
  await page.locator('#pdn-text').fill(text);
  await page.locator('#load-pdn').click();
}

/** The screen's y of square n's centre. */
const yOf = async (page: Page, n: number): Promise<number> => {
  const box = await square(page, n).boundingBox();
  if (box === null) throw new Error(`square ${n} is not shown`);
  return box.y + box.height / 2;
};

/** Animations at a tenth of their speed (Chromium's DevTools), so a test sees them running. */
async function slowMotion(page: Page): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Animation.enable');
  await session.send('Animation.setPlaybackRate', { playbackRate: 0.1 });
}

const rgb = (hex: string): string => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

test('your side at the bottom: Black against the computer, Red when you choose it, and Flip board (remembered)', async ({
  page,
}) => {
  await openPage(page, 'computer');
  expect(await yOf(page, 1)).toBeGreaterThan(await yOf(page, 32)); // Black's men (1-12) below
  await page.locator('#side').selectOption('red');
  await expect(page.getByTestId('board')).toHaveAttribute('data-bottom', 'red');
  expect(await yOf(page, 32)).toBeGreaterThan(await yOf(page, 1));
  await page.locator('#flip').click();
  await expect(page.locator('#flip')).toHaveAttribute('aria-pressed', 'true');
  expect(await yOf(page, 1)).toBeGreaterThan(await yOf(page, 32));
  await page.reload();
  await expect(page.getByTestId('board')).toHaveAttribute('data-bottom', 'black');
  // Between two players Red is drawn at the bottom, as diagrams are, and Flip turns it too.
  await page.locator('#flip').click();
  await page.locator('#mode').selectOption('two');
  await expect(page.getByTestId('board')).toHaveAttribute('data-bottom', 'red');
  await page.locator('#flip').click();
  await expect(page.getByTestId('board')).toHaveAttribute('data-bottom', 'black');
});

for (const theme of ['light', 'dark'] as const satisfies readonly Theme[]) {
  test(`moves slide, captured pieces fade, the last move and the captured squares are marked (${theme})`, async ({
    page,
  }) => {
    await openPage(page);
    await page.locator('#theme').selectOption(theme);
    await slowMotion(page);
    await click(page, 11);
    await square(page, 15).click();
    const sliding = await square(page, 15)
      .locator('.piece')
      .first()
      .evaluate((piece) =>
        piece.getAnimations().map((animation) => {
          const effect = animation.effect as KeyframeEffect;
          return String(effect.getKeyframes()[0]?.transform);
        }),
      );
    // It starts where square 11 is drawn: one row up (Red at the bottom between two players).
    expect(sliding).toHaveLength(1);
    const [dx, dy] = (/^translate\((-?[\d.]+)px, (-?[\d.]+)px\)$/.exec(sliding[0] ?? '') ?? [])
      .slice(1)
      .map(Number);
    const side = (await square(page, 15).boundingBox())?.height ?? 0;
    expect(Math.abs(Math.abs(dx ?? 0) - side)).toBeLessThan(2);
    expect(Math.abs((dy ?? 0) + side)).toBeLessThan(2);
    const colours = CHECKERS_BOARD[theme];
    for (const n of [11, 15]) {
      await expect(square(page, n)).toHaveClass(/\blast\b/);
      await expect(square(page, n)).toHaveCSS('outline-color', rgb(colours.lastMove));
    }
    await click(page, 22, 18, 15);
    await square(page, 22).click(); // 15x22 takes the man on 18
    await expect(square(page, 18).getByTestId('fading')).toHaveCount(1);
    await expect(square(page, 18)).toHaveClass(/\bcaptured\b/);
    await expect(square(page, 18)).toHaveCSS('outline-color', rgb(colours.captured));
    await expect(square(page, 18)).toHaveCSS('outline-style', 'dashed');
    await expect(square(page, 18)).toHaveAttribute('data-piece', 'empty');
    await expect(square(page, 18).getByTestId('fading')).toHaveCount(0, { timeout: 10_000 }); // faded
  });
}

test('no motion when the reader asks for reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPage(page);
  await click(page, 11, 15);
  const animations = await square(page, 15)
    .locator('.piece')
    .first()
    .evaluate((piece) => piece.getAnimations().length);
  expect(animations).toBe(0);
  await expect(square(page, 11)).toHaveClass(/\blast\b/);
});

test('the move list: click a move or use the arrow keys to step through; playing on asks and cuts the rest', async ({
  page,
}) => {
  await openPage(page);
  await click(page, 11, 15, 22, 18, 15, 22, 25, 18);
  await expect(moves(page)).toHaveText(['11-15', '22-18', '15x22', '25x18']);
  await moves(page).nth(0).click();
  await expect(moves(page).nth(0)).toHaveAttribute('aria-current', 'step');
  await expect(square(page, 15)).toHaveAttribute('data-piece', 'black-man');
  await expect(square(page, 22)).toHaveAttribute('data-piece', 'red-man');
  await page.keyboard.press('ArrowRight');
  await expect(moves(page).nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(square(page, 18)).toHaveAttribute('data-piece', 'red-man');
  await page.locator('#nav-first').click();
  await expect(square(page, 11)).toHaveAttribute('data-piece', 'black-man');
  await expect(square(page, 15)).toHaveAttribute('data-piece', 'empty');
  await page.locator('#nav-last').click();
  await expect(square(page, 18)).toHaveAttribute('data-piece', 'red-man');
  await expect(square(page, 25)).toHaveAttribute('data-piece', 'empty');
  // Play on from move 2: asked first, No keeps everything, Yes cuts the later moves.
  await moves(page).nth(1).click();
  await click(page, 15);
  await expect(page.locator('#confirm')).toBeVisible();
  await page.locator('#confirm-no').click();
  await expect(moves(page)).toHaveCount(4);
  await click(page, 15);
  await page.locator('#confirm-yes').click();
  await expect(moves(page)).toHaveText(['11-15', '22-18']);
  await expect(square(page, 15)).toHaveClass(/selected/);
  await click(page, 22);
  await expect(moves(page)).toHaveText(['11-15', '22-18', '15x22']);
});

test('the result panel: who won and why, Download PDN with the players, a rematch with the colours swapped, the game replayed', async ({
  page,
}) => {
  await openPage(page, 'computer');
  await paste(page, '[Event "End"]\n[FEN "B:W18:B14"]\n\n*');
  await expect(page.getByTestId('notice')).toHaveText('Opened the pasted PDN: 0 moves');
  await click(page, 14, 23);
  await expect(page.locator('#result')).toBeVisible();
  await expect(page.locator('#result-title')).toHaveText('You win');
  await expect(page.locator('#result-why')).toHaveText('Red has no pieces left');
  await expect(page.getByTestId('status')).toHaveText('Black wins: red has no pieces left');
  const download = page.waitForEvent('download');
  await page.locator('#result-pdn').click();
  const pdn = readFileSync(await (await download).path(), 'utf8');
  expect(pdn).toContain('[Black "You"]');
  expect(pdn).toContain('[White "Computer (level 2)"]');
  expect(pdn).toContain('[Result "2-0"]');
  expect(pdn).toMatch(/\[Date "\d{4}\.\d{2}\.\d{2}"\]/);
  expect(pdn).toContain('[FEN "B:W18:B14"]');
  // The finished game can be stepped through.
  await page.locator('#nav-previous').click();
  await expect(square(page, 18)).toHaveAttribute('data-piece', 'red-man');
  await page.locator('#nav-next').click();
  await expect(square(page, 23)).toHaveAttribute('data-piece', 'black-man');
  await page.locator('#rematch').click();
  await expect(page.locator('#result')).toBeHidden();
  await expect(page.locator('#side')).toHaveValue('red');
  await expect(page.getByTestId('board')).toHaveAttribute('data-bottom', 'red');
  await expect(moves(page)).toHaveCount(1, { timeout: 20_000 }); // the computer opens as Black
});

test('PDN import: a game from a file, then a bad file named by line and move, the game kept', async ({
  page,
}) => {
  await openPage(page);
  const game = '[Event "Club"]\n[Black "Ann"]\n[White "Bob"]\n\n1. 11-15 22-18 2. 15x22 25x18 *\n';
  await page
    .locator('#open-pdn')
    .setInputFiles({ name: 'club.pdn', mimeType: 'text/plain', buffer: Buffer.from(game) });
  await expect(page.getByTestId('notice')).toHaveText('Opened club.pdn: 4 moves');
  await expect(moves(page)).toHaveText(['11-15', '22-18', '15x22', '25x18']);
  const bad = '[Event "Bad"]\n\n1. 11-15 22-18\n2. 9-13 *\n';
  await page
    .locator('#open-pdn')
    .setInputFiles({ name: 'bad.pdn', mimeType: 'text/plain', buffer: Buffer.from(bad) });
  await expect(page.getByTestId('notice')).toHaveText(
    /^Cannot open bad\.pdn: line 4, move 2 "9-13": a capture is compulsory.*\(ERR_CAPTURE_REQUIRED\); the game is kept$/,
  );
  await expect(moves(page)).toHaveText(['11-15', '22-18', '15x22', '25x18']);
});

test('PDN import of a FEN setup with a multi-jump in its short form', async ({ page }) => {
  await openPage(page);
  await paste(page, '[FEN "B:W10,11,18,19:B6"]\n\n1. 6x24 *');
  await expect(moves(page)).toHaveText(['6x15x24']);
  await expect(square(page, 24)).toHaveAttribute('data-piece', 'black-man');
  await expect(square(page, 10)).toHaveAttribute('data-piece', 'empty');
  await expect(square(page, 19)).toHaveAttribute('data-piece', 'empty');
});

test('ballots: a chosen one and a random one start the game after three moves', async ({
  page,
}) => {
  await openPage(page);
  await page.locator('#opening').selectOption('0');
  await page.locator('#new-game').click();
  await expect(moves(page)).toHaveText(['9-13', '21-17', '5-9']);
  await expect(page.getByTestId('status')).toHaveText('Red to move');
  await page.locator('#opening').selectOption('random');
  await page.locator('#new-game').click(); // the ballot's moves are no game under way: no question
  await expect(moves(page)).toHaveCount(3);
  const played = (await moves(page).allTextContents()).join(' ');
  expect(ACF_BALLOTS).toContain(played);
  await page.reload();
  await expect(page.locator('#opening')).toHaveValue('random');
});

test('New game asks when a game is under way', async ({ page }) => {
  await openPage(page);
  await click(page, 11, 15);
  await page.locator('#new-game').click();
  await expect(page.locator('#confirm-text')).toHaveText(
    'Start a new game? This one is not finished.',
  );
  await page.locator('#confirm-no').click();
  await expect(moves(page)).toHaveText(['11-15']);
  await page.locator('#new-game').click();
  await page.locator('#confirm-yes').click();
  await expect(moves(page)).toHaveCount(0);
});

test('sounds: off at first, on when switched (a sound per move), remembered', async ({ page }) => {
  await openPage(page);
  await expect(page.locator('#sound')).not.toBeChecked();
  await click(page, 11, 15);
  await expect(page.locator('html')).not.toHaveAttribute('data-sound');
  await page.locator('#sound').check();
  await click(page, 22, 18);
  await expect(page.locator('html')).toHaveAttribute('data-sound', 'move');
  await click(page, 15, 22);
  await expect(page.locator('html')).toHaveAttribute('data-sound', 'capture');
  await page.reload();
  await expect(page.locator('#sound')).toBeChecked();
});

test('analysis: the evaluation bar and the best line for the position shown', async ({ page }) => {
  await openPage(page);
  await page.locator('#analysis').check();
  await expect(page.getByTestId('eval-text')).toHaveText(
    // A signed value, or 0.0 unsigned (never -0.0); moves of the line may be multi-jumps.
    /^(0\.0|[+-]\d+\.\d(?<![+-]0\.0)) for Black \(depth \d+\) · best line: \d+-\d+( \d+([-x]\d+)+)+$/,
    { timeout: 20_000 },
  );
  const share = Number(await page.locator('#eval-bar').getAttribute('aria-valuenow'));
  expect(share).toBeGreaterThanOrEqual(0);
  expect(share).toBeLessThanOrEqual(100);
  // A position where Black is a man up leans Black's way.
  await paste(page, '[FEN "B:W28,29:B1,2,3"]\n\n*');
  await expect(page.getByTestId('eval-text')).toHaveText(
    /^(\+\d+\.\d for Black|Black wins) \(depth \d+\) · best line: [123]-/,
    { timeout: 20_000 },
  );
  expect(Number(await page.locator('#eval-bar').getAttribute('aria-valuenow'))).toBeGreaterThan(60);
});

test("the computer's capture under way is saved and goes on after a reload", async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded') !== null) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem(
      'twenty48-checkers',
      JSON.stringify({
        version: 1,
        start: 'W:W22:B10,18,K25',
        moves: [],
        jump: '22x15',
        computerMove: '22x15x6',
        mode: 'computer',
        computerSide: 'red',
        level: 1,
        theme: 'light',
      }),
    );
  });
  await page.goto('./checkers.html');
  await expect(moves(page)).toHaveText(['22x15x6']);
  await expect(square(page, 6)).toHaveAttribute('data-piece', 'red-man');
  await expect(square(page, 10)).toHaveAttribute('data-piece', 'empty');
});

test.describe('at 667x375', () => {
  test.use({ viewport: { width: 667, height: 375 } });
  test('the game buttons sit on one row', async ({ page }) => {
    await openPage(page);
    const tops = await page
      .locator('.game-buttons button')
      .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(tops).toHaveLength(4);
    expect(new Set(tops).size).toBe(1);
  });
});

for (const [width, height] of [
  [1280, 720],
  [320, 568],
] as const) {
  test(`square numbers keep clear of the pieces' rims at ${width}x${height}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openPage(page);
    const gaps = await page.locator('button[data-square]').evaluateAll((buttons) =>
      buttons.flatMap((button) => {
        const piece = button.querySelector('.piece.black, .piece.red');
        const number = button.querySelector('.number');
        if (piece === null || number === null) return [];
        const p = piece.getBoundingClientRect();
        const n = number.getBoundingClientRect();
        const cx = p.left + p.width / 2;
        const cy = p.top + p.height / 2;
        // The nearest point of the number's box to the piece's centre, and the rim (2 px) around it.
        const nx = Math.max(n.left, Math.min(cx, n.right));
        const ny = Math.max(n.top, Math.min(cy, n.bottom));
        return [Math.hypot(cx - nx, cy - ny) - (p.width / 2 + 2)];
      }),
    );
    expect(gaps).toHaveLength(24);
    expect(Math.min(...gaps)).toBeGreaterThan(0);
  });
}
