import { formatNumber, isRankedSize, RANKED_SIZES } from '@twenty48/common';
import { isPresetName, PRESET_NAMES } from '@twenty48/engine';
import type { LeaderboardStore } from '@twenty48/store';
import { escapeHtml, htmlPage } from './html.js';

/**
 * The leaderboard as a page, for people and for links: every name escaped, each row linking
 * to the record behind it. Unknown rules or sizes fall back to classic 4x4.
 *
 * Its links are relative: `htmlPage` writes them under the server's base path.
 *
 * @example
 * await leaderboardPage(store, 'tiers', '5') // '<!doctype html>…<td>Ada</td>…'
 */
export async function leaderboardPage(
  store: LeaderboardStore,
  rulesParam?: string,
  sizeParam?: string,
  basePath = '',
): Promise<string> {
  const rules = isPresetName(rulesParam) ? rulesParam : 'classic';
  const requested = Number(sizeParam);
  const size = isRankedSize(requested) ? requested : 4;
  const rows = await store.topScores({ rules, size, limit: 100 });
  const tabs = PRESET_NAMES.map((name) =>
    name === rules
      ? `<strong aria-current="page">${name}</strong>`
      : `<a href="leaderboard?rules=${name}&amp;size=${size}">${name}</a>`,
  ).join(' · ');
  const sizes = RANKED_SIZES.map((n) =>
    n === size
      ? `<strong aria-current="page">${n}x${n}</strong>`
      : `<a href="leaderboard?rules=${rules}&amp;size=${n}">${n}x${n}</a>`,
  ).join(' · ');
  const body = rows
    .map(
      (row) => `<tr><td class="number">${row.rank}</td><td>${escapeHtml(row.name)}</td>
<td class="number">${formatNumber(row.score)}</td><td class="number">${row.maxTile}</td>
<td class="number">${formatNumber(row.moves)}</td><td>${row.finished ? 'finished' : 'unfinished'}</td>
<td><a href="api/scores/${row.id}/record" aria-label="record of ${escapeHtml(row.name)}'s game, rank ${row.rank}">record</a></td></tr>`,
    )
    .join('\n');
  const table = rows.length
    ? `<table><thead><tr><th class="number">#</th><th>name</th><th class="number">score</th>
<th class="number">best tile</th><th class="number">moves</th><th>game</th><th>record</th></tr></thead>
<tbody>${body}</tbody></table>`
    : '<p>No verified games yet. <a href="./">Play one</a>.</p>';
  return htmlPage(
    `Leaderboard: ${rules} ${size}x${size}`,
    `<nav aria-label="Rules"><p>${tabs}</p></nav><nav aria-label="Board size"><p>${sizes}</p></nav>
<p>Every score here was replayed move by move by the server before it was ranked.
<a href="./">Play a game</a> to join the table.</p>
${table}`,
    basePath,
  );
}
