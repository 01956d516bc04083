/**
 * Asset URLs of the cryptocurrency-icons (CC0) colour SVGs, keyed by upper-case symbol. Only the URL
 * strings live in this chunk; each SVG is a separate file fetched by <img> when a badge shows it.
 */
const modules = import.meta.glob<string>('@coin-icons/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

export const coinIconUrls: Record<string, string> = Object.fromEntries(
  Object.entries(modules).map(([path, url]) => [
    path.slice(path.lastIndexOf('/') + 1, -'.svg'.length).toUpperCase(),
    url,
  ]),
);
