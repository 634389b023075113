import type { Response } from 'express';
import { openEventStream } from '../http/event-stream.js';

const KEEPALIVE_MS = 25_000;

/**
 * The GET stream a client may hold open for server-initiated messages. Our tools
 * never initiate messages today, so it carries only keep-alive comments; it ends
 * cleanly when the client leaves or the server shuts down.
 */
export function openStandaloneStream(res: Response, shutdown: AbortSignal): void {
  openEventStream(res);
  res.write(': stream open\n\n');
  const timer = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
  const finish = () => {
    clearInterval(timer);
    if (!res.writableEnded) res.end();
  };
  shutdown.addEventListener('abort', finish, { once: true });
  res.once('close', () => {
    clearInterval(timer);
    shutdown.removeEventListener('abort', finish);
  });
}
