/**
 * RFC 5988 `Link` header of an SRA paginated list (PROTOCOL.md §9.1): first/prev/next/last as
 * relative URIs of the same path with the client's other query parameters kept.
 */
export function linkHeader(
  path: string,
  query: Record<string, unknown>,
  page: number,
  perPage: number,
  total: number,
): string {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  // The other parameters are encoded once; page and per_page (digits, which need no encoding) follow
  // them in every link, as URLSearchParams would write them after the others.
  const params = new URLSearchParams();
  for (const key in query) {
    const value = query[key];
    if (key === 'page' || key === 'per_page' || typeof value !== 'string') continue;
    params.set(key, value);
  }
  const others = params.toString();
  const start = `<${path}?${others === '' ? '' : `${others}&`}page=`;
  const end = `&per_page=${perPage}>`;
  let links = `${start}1${end}; rel="first"`;
  if (page > 1) links += `, ${start}${Math.min(page - 1, lastPage)}${end}; rel="prev"`;
  if (page < lastPage) links += `, ${start}${page + 1}${end}; rel="next"`;
  return `${links}, ${start}${lastPage}${end}; rel="last"`;
}
