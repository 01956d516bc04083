import type { z } from 'zod';
import type { AppContext } from './RouteContext.js';
import { rateLimits } from './rateLimits.js';
import { toOpenApi } from './toOpenApi.js';

/** Route options of a `network`-tagged read (`/chain`, `/config`): the read rate limit and its OpenAPI entry. */
export function networkReadOptions(shared: AppContext, summary: string, response: z.ZodType) {
  return {
    config: rateLimits(shared.config.http).read,
    schema: { tags: ['network'], summary, response: { 200: toOpenApi(response) } },
  };
}
