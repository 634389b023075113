// A pass-through HTTP proxy that adds `Authorization: Bearer <key>` to every request.
// The conformance suite's server command cannot send headers, and our /mcp requires a
// caller; everything else (Host, Origin, session and protocol headers, bodies, SSE
// streams) goes through untouched, so the suite still sees the server's own answers.
//
// Usage: node --import tsx scripts/conformance/bearer-proxy.ts <listen-port> <target-origin> <api-key>
import { createServer, request } from 'node:http';

const [portArg, targetArg, apiKey] = process.argv.slice(2);
if (!portArg || !targetArg || !apiKey) {
  console.error('usage: bearer-proxy.ts <listen-port> <target-origin> <api-key>');
  process.exit(2);
}
const target = new URL(targetArg);

const proxy = createServer((incoming, outgoing) => {
  const upstream = request(
    {
      host: target.hostname,
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, authorization: `Bearer ${apiKey}` },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  upstream.on('error', (err) => {
    if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
    outgoing.end(`proxy: ${err.message}`);
  });
  // A client that hangs up (an SSE reader closing) ends the upstream request too.
  outgoing.on('close', () => upstream.destroy());
  incoming.pipe(upstream);
});

proxy.listen(Number(portArg), '127.0.0.1', () => console.log(`bearer proxy on 127.0.0.1:${portArg} -> ${target.origin}`));
