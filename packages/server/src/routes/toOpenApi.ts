import { z } from 'zod';

/**
 * A wire schema as OpenAPI 3.0 JSON Schema, for the `/docs` document only: requests are validated by
 * the zod schemas themselves (so SRA error codes come out right), never by Fastify from these.
 */
export function toOpenApi(schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}

/** The SRA error body as documented for every non-2xx answer. */
export const errorBody = { description: 'SRA v0 error body plus the relayer code', type: 'object' } as const;
