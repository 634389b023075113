// Just the slice of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
  }
  export interface Result {
    duration: number;
    requests: { average: number; total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  export interface Instance extends EventEmitter {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTimeMs: number) => void): this;
  }
  export default function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;
}
