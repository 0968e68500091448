import { SURFACES, tileColours } from '@twenty48/common';
import type { BenchSummary } from './strength.js';

// The game's own colours (common's palette, light theme): the page, its text, and two tiles'.
const PAGE = SURFACES.light.page;
const INK = SURFACES.light.text;
const TILE_BAR = tileColours(2048).background;
const SCORE_BAR = tileColours(16).background;

const WIDTH = 720;
const PANEL_HEIGHT = 260;
const MARGIN = { top: 40, right: 20, bottom: 50, left: 50 };

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c,
  );

interface Bar {
  readonly label: string;
  readonly count: number;
}

/** One bar chart panel, its top edge at `top`. */
function barPanel(title: string, bars: readonly Bar[], top: number, colour: string): string {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = PANEL_HEIGHT - MARGIN.top - MARGIN.bottom;
  const most = Math.max(1, ...bars.map((bar) => bar.count));
  const slot = plotWidth / Math.max(1, bars.length);
  const baseline = top + MARGIN.top + plotHeight;
  const parts = [
    `<text x="${MARGIN.left}" y="${top + 24}" font-size="16" font-weight="bold">${escapeXml(title)}</text>`,
    `<line x1="${MARGIN.left}" y1="${baseline}" x2="${WIDTH - MARGIN.right}" y2="${baseline}" stroke="${INK}"/>`,
  ];
  bars.forEach((bar, i) => {
    const height = (bar.count / most) * plotHeight;
    const x = MARGIN.left + i * slot + slot * 0.1;
    const middle = MARGIN.left + i * slot + slot / 2;
    parts.push(
      `<rect x="${x.toFixed(1)}" y="${(baseline - height).toFixed(1)}" width="${(slot * 0.8).toFixed(1)}" height="${height.toFixed(1)}" fill="${colour}"><title>${escapeXml(`${bar.label}: ${bar.count}`)}</title></rect>`,
      `<text x="${middle.toFixed(1)}" y="${baseline + 16}" font-size="11" text-anchor="middle">${escapeXml(bar.label)}</text>`,
    );
    if (bar.count > 0) {
      parts.push(
        `<text x="${middle.toFixed(1)}" y="${(baseline - height - 4).toFixed(1)}" font-size="11" text-anchor="middle">${bar.count}</text>`,
      );
    }
  });
  return parts.join('\n');
}

/** Ten equal-width bins of the scores, labelled by their lower edge in thousands. */
function scoreBins(scores: readonly number[]): Bar[] {
  if (scores.length === 0) return [];
  const low = Math.min(...scores);
  const high = Math.max(...scores);
  const bins = 10;
  const width = Math.max(1, (high - low) / bins);
  const counts = new Array<number>(bins).fill(0);
  for (const score of scores) {
    const bin = Math.min(bins - 1, Math.floor((score - low) / width));
    counts[bin] = (counts[bin] ?? 0) + 1;
  }
  return counts.map((count, i) => ({ label: `${Math.round((low + i * width) / 1000)}k`, count }));
}

/**
 * A hand-written SVG of a benchmark: how many games ended with each largest tile, and a
 * histogram of the scores. No chart library: two panels of rectangles and labels.
 *
 * @example
 * writeFileSync('bench.svg', benchChartSvg(summary));
 */
export function benchChartSvg(summary: BenchSummary): string {
  const tiles = Object.entries(summary.maxTiles)
    .map(([tile, count]) => ({ label: tile, count }))
    .sort((a, b) => Number(a.label) - Number(b.label));
  const how =
    summary.depth !== null
      ? `depth ${summary.depth}`
      : summary.ms !== null
        ? `${summary.ms} ms`
        : 'default';
  const heading = `${summary.ai} (${how}) on ${summary.rules}: ${summary.games} games, mean score ${Math.round(summary.meanScore).toLocaleString('en')}`;
  const height = PANEL_HEIGHT * 2 + 30;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" fill="${INK}">`,
    `<rect width="${WIDTH}" height="${height}" fill="${PAGE}"/>`,
    `<text x="${MARGIN.left}" y="20" font-size="13">${escapeXml(heading)}</text>`,
    barPanel('Largest tile reached (games)', tiles, 20, TILE_BAR),
    barPanel(
      'Score histogram (games)',
      scoreBins(summary.results.map((r) => r.score)),
      20 + PANEL_HEIGHT,
      SCORE_BAR,
    ),
    '</svg>',
    '',
  ].join('\n');
}
