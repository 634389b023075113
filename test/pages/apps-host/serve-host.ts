import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';

// Serves the test's MCP Apps host page on a port of its own: one HTML page whose script
// (host.js with ext-apps' AppBridge) is bundled here, so the page loads nothing else.

export interface HostServer { url: string; close(): Promise<void> }

export async function serveHost(): Promise<HostServer> {
  const bundle = await build({ entryPoints: [path.join(import.meta.dirname, 'host.js')], bundle: true, write: false, format: 'iife', target: 'es2022', platform: 'browser', logLevel: 'silent' });
  const script = (bundle.outputFiles[0]?.text ?? '').replaceAll('</script', '<\\/script');
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MCP Apps test host</title></head>
<body><main><h1>Test host</h1><div id="frame-box"></div></main><script>${script}</script></body></html>`;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
