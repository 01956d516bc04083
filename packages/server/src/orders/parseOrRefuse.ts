import { parseWithSraErrors } from '@relayer/protocol';
import type { z } from 'zod';
import { schemaRefusal } from './schemaRefusal.js';

/** A wire input parsed with the SRA error shape, or the coded refusal thrown for the route to answer. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = parseWithSraErrors(schema, input);
  if (!parsed.success) throw schemaRefusal(parsed);
  return parsed.data;
}
