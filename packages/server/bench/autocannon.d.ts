// autocannon ships no types and @types/autocannon is not installed; this covers what the bench uses.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface RequestOptions {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: RequestOptions, context: unknown) => RequestOptions;
  }
  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    /** Requests in all (spread over the connections); duration is ignored. */
    amount?: number;
    timeout?: number;
    requests?: RequestOptions[];
  }
  export interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  function autocannon(
    options: Options,
    done: (error: Error | null, result: Result) => void,
  ): import('node:events').EventEmitter;
  export default autocannon;
}
