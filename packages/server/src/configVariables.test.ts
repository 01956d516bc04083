import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { CONFIG_VARIABLES } from './configVariables.js';

test('.env.example lists exactly the variables the relayer reads', () => {
  const example = readFileSync(new URL('../.env.example', import.meta.url), 'utf8');
  // Set lines and the commented ones whose default depends on CHAIN_ID (`# EXCHANGE_ADDRESS=0x...`).
  const listed = [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
  expect(new Set(listed).size).toBe(listed.length);
  expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
});
