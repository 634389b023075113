// Before measuring: every target must give the same places for every query,
// otherwise the comparison would not be like for like.
import { MCP_HEADERS, MCP_MODERN_HEADERS, QUERIES, mcpCall, mcpModernCall, restPath } from './targets.js';

type Places = { places: unknown[] };

async function getJson(url: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

export async function checkSameAnswers(bareUrl: string, restUrl: string, mcpUrl: string): Promise<void> {
  for (const q of QUERIES) {
    const bare = (await getJson(bareUrl + restPath(q))) as Places;
    const rest = (await getJson(restUrl + restPath(q))) as Places;
    const rpc = (await getJson(`${mcpUrl}/mcp`, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(mcpCall(q, 1)) })) as {
      result?: { structuredContent?: Places; isError?: boolean };
    };
    const want = JSON.stringify(bare);
    if (bare.places.length === 0) throw new Error(`query "${q}" matched nothing; pick a realistic query`);
    if (JSON.stringify(rest) !== want) throw new Error(`REST answer for "${q}" differs from the baseline`);
    if (rpc.result?.isError || JSON.stringify(rpc.result?.structuredContent) !== want) throw new Error(`MCP answer for "${q}" differs from the baseline`);
  }
}

/** The 2026-07-28 MCP row answers what bare express answers. */
export async function checkModernAnswers(bareUrl: string, mcpUrl: string): Promise<void> {
  for (const q of QUERIES) {
    const want = JSON.stringify(await getJson(bareUrl + restPath(q)));
    const rpc = (await getJson(`${mcpUrl}/mcp`, { method: 'POST', headers: MCP_MODERN_HEADERS, body: JSON.stringify(mcpModernCall(q, 1)) })) as {
      result?: { structuredContent?: Places; isError?: boolean };
    };
    if (rpc.result?.isError || JSON.stringify(rpc.result?.structuredContent) !== want) throw new Error(`MCP 2026-07-28 answer for "${q}" differs from the baseline`);
  }
}
