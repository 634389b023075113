import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { expressHttpClasses } from '../adapters/http/express-classes.js';
import { frontDoor } from '../adapters/rest/dispatch-table.js';

// Requests built by expressHttpClasses carry express's API from birth, so neither the
// front door nor express's app.handle changes a live object's prototype (V8's slow path).

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

interface Seen { requestProto: unknown; responseProto: unknown; isIncoming: boolean; isResponse: boolean; appIsApp: boolean; host: string | undefined }

function observe(app: express.Express, req: Request, res: Response): Seen {
  return {
    requestProto: Object.getPrototypeOf(req),
    responseProto: Object.getPrototypeOf(res),
    isIncoming: req instanceof IncomingMessage,
    isResponse: res instanceof ServerResponse,
    appIsApp: req.app === app,
    host: req.get('host'),
  };
}

describe('expressHttpClasses', () => {
  it('builds requests that express serves without changing their prototype', async () => {
    const app = express();
    const classes = expressHttpClasses(app);
    let seen: Seen | undefined;
    app.get('/x', (req, res) => {
      seen = observe(app, req, res);
      res.json({ ok: true });
    });
    const url = await listen(createServer(classes, app));
    const answer = await fetch(`${url}/x`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect(seen).toMatchObject({ isIncoming: true, isResponse: true, appIsApp: true, host: url.slice('http://'.length) });
    expect(seen!.requestProto).toBe(classes.IncomingMessage.prototype);
    expect(seen!.responseProto).toBe(classes.ServerResponse.prototype);
  });

  it('keeps them as built through the front door, and still gives a plain server’s requests the API', async () => {
    const app = express();
    const classes = expressHttpClasses(app);
    const seen: Seen[] = [];
    const door = frontDoor(app, {
      claim: () => 'route',
      serve: (_found, req, res) => {
        seen.push(observe(app, req, res));
        res.status(204).end();
      },
    }, { start: () => undefined, finish: () => undefined }, (_err, _req, res) => void res.status(500).end());
    const built = await listen(createServer(classes, door));
    const plain = await listen(createServer(door));
    expect((await fetch(`${built}/any`)).status).toBe(204);
    expect((await fetch(`${plain}/any`)).status).toBe(204);
    expect(seen).toHaveLength(2);
    expect(seen[0]!.requestProto).toBe(classes.IncomingMessage.prototype);
    expect(seen[0]!.responseProto).toBe(classes.ServerResponse.prototype);
    // A request node built itself gets express's API on arrival.
    expect(seen[1]).toMatchObject({ isIncoming: true, isResponse: true, appIsApp: true, requestProto: app.request, responseProto: app.response });
  });
});
