import type { Response as ExpressResponse } from 'express';

/** A response that records each write: enough of express's Response for SseWriter. */
export function recordingResponse(): { res: ExpressResponse; writes: string[] } {
  const writes: string[] = [];
  let ended = false;
  const res = {
    get writableEnded() { return ended; },
    destroyed: false,
    write: (text: string) => { writes.push(text); return true; },
    end: (text?: string) => { if (text) writes.push(text); ended = true; },
  };
  return { res: res as unknown as ExpressResponse, writes };
}
