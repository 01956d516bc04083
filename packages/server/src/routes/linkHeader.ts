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
  const url = (target: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (key === 'page' || key === 'per_page' || typeof value !== 'string') continue;
      params.set(key, value);
    }
    params.set('page', String(target));
    params.set('per_page', String(perPage));
    return `<${path}?${params.toString()}>`;
  };
  const links = [`${url(1)}; rel="first"`];
  if (page > 1) links.push(`${url(Math.min(page - 1, lastPage))}; rel="prev"`);
  if (page < lastPage) links.push(`${url(page + 1)}; rel="next"`);
  links.push(`${url(lastPage)}; rel="last"`);
  return links.join(', ');
}
