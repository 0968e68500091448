const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made safe to place in HTML, in element content or a quoted attribute.
 *
 * @example
 * escapeHtml('<b>Ada</b>') // '&lt;b&gt;Ada&lt;/b&gt;'
 */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/**
 * A small complete page in the game's colours; `body` must already be escaped HTML.
 *
 * @example
 * htmlPage('Not found', '<p>No such page.</p>')
 */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · twenty48</title>
<style>
body { font-family: system-ui, sans-serif; background: #faf8ef; color: #776e65; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; }
h1 { color: #776e65; }
code { background: #eee4da; padding: 0.1rem 0.3rem; border-radius: 3px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid #bbada0; }
td.number, th.number { text-align: right; }
a { color: #f65e3b; }
@media (prefers-color-scheme: dark) { body { background: #1f1d1a; color: #e8e2d9; } h1 { color: #e8e2d9; } code { background: #3c3a32; } }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

/** Headers for pages the server writes itself: no scripts, nothing from elsewhere. */
export const OWN_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'",
  'cache-control': 'no-cache',
};
