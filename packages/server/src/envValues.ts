import { z } from 'zod';

/** A true/false variable's spellings. */
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A comma-separated variable's entries, trimmed, empty ones dropped. */
export function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** TRUST_PROXY: true/false (or 1/0, yes/no), or a comma-separated list of proxy addresses and ranges. */
export function trustProxyFrom(value: string | undefined): boolean | string[] {
  const text = (value ?? 'false').trim();
  const flag = bool.safeParse(text);
  return flag.success ? flag.data : list(text);
}
