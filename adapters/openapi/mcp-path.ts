import type { PathItemObject, SchemaObject } from 'openapi3-ts/oas31';

const rpc: SchemaObject = { type: 'object', description: 'A JSON-RPC 2.0 message (MCP)', properties: { jsonrpc: { const: '2.0' } }, required: ['jsonrpc'] };

/** /mcp is served by the MCP adapter, not a tool; it is described here so REST readers can find it. */
export function mcpPathItem(): PathItemObject {
  const tags = ['Agent-tool endpoint'];
  return {
    post: {
      operationId: 'mcp_post',
      summary: 'Send an MCP message',
      description: 'MCP streamable HTTP (protocol 2025-11-25 and 2025-06-18). One JSON-RPC message per request. Requests answer with JSON, or with an event stream when a streaming tool reports progress.',
      tags,
      security: [{}, { bearerAuth: [] }],
      requestBody: { required: true, content: { 'application/json': { schema: rpc } } },
      responses: {
        '200': { description: 'JSON-RPC response', content: { 'application/json': { schema: rpc }, 'text/event-stream': { schema: { type: 'string' } } } },
        '202': { description: 'Notification or response accepted' },
        '400': { description: 'Invalid message or unsupported protocol version' },
        '403': { description: 'Origin not allowed' },
        '404': { description: 'Unknown or ended session' },
      },
    },
    get: {
      operationId: 'mcp_get',
      summary: 'Open the server-to-client event stream of a session',
      description: 'MCP streamable HTTP: server-initiated messages of a session (Mcp-Session-Id header) as Server-Sent Events.',
      tags,
      security: [{}, { bearerAuth: [] }],
      responses: { '200': { description: 'Event stream', content: { 'text/event-stream': { schema: { type: 'string' } } } }, '404': { description: 'Unknown or ended session' } },
    },
    delete: {
      operationId: 'mcp_delete',
      summary: 'End an MCP session',
      description: 'MCP streamable HTTP: ends the session named by the Mcp-Session-Id header.',
      tags,
      security: [{}, { bearerAuth: [] }],
      responses: { '200': { description: 'Session ended' }, '404': { description: 'Unknown or ended session' } },
    },
  };
}
