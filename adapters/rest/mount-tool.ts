import type { Request, Response } from 'express';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { ToolError } from '../../tools/_kit/errors.js';
import { authorizeCall, invokeUnary, openStream } from '../../tools/_kit/invoke.js';
import { toServiceError } from '../http/dependency-errors.js';
import { httpError } from '../http/error-response.js';
import { isJsonContentType } from '../http/json-type.js';
import { buildContext, type Runtime } from '../http/request-context.js';
import { assembleInput } from './assemble-input.js';
import { queryOf, type QueryParser } from './request-query.js';
import type { InputPlan } from './input-plan.js';
import { pipeToSse } from './pipe-to-sse.js';
import { sendJson } from './send-json.js';
import { markRoute } from '../http/metrics.js';

/** Runs one tool for one matched request; `params` are the decoded path parameters. */
export type ToolHandler = (req: Request, res: Response, params: Record<string, string | undefined>) => Promise<void>;

export function sendError(req: Request, res: Response, err: unknown): void {
  const toolErr = toServiceError(err);
  if (toolErr.code === 'INTERNAL') req.log.error({ err: toolErr.cause ?? err }, 'tool failed');
  if (res.headersSent) {
    res.end();
    return;
  }
  const { status, body, headers } = httpError(toolErr, req.id);
  if (headers) res.set(headers);
  res.status(status).json(body);
}

/** For tools that read nothing from the query string. */
const NO_QUERY: Record<string, unknown> = Object.freeze({});

/** A body is present but not JSON: FastAPI answers 422, and so do we. */
function wrongContentType(req: Request): ToolError | undefined {
  const length = req.headers['content-length'];
  const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
  if (!hasBody || isJsonContentType(req.headers['content-type'])) return undefined;
  return new ToolError('VALIDATION_FAILED', 'Unsupported content type', {
    issues: [{ loc: ['body'], msg: `Content-Type must be application/json (got ${req.headers['content-type'] ?? 'none'})`, type: 'content_type' }],
  });
}

/** One handler per tool: split the request into the tool input, run it, answer. */
export function toolHandler(tool: AnyTool, plan: InputPlan, runtime: Runtime, parseQuery: QueryParser): ToolHandler {
  const status = (tool.rest && tool.rest.status) || 200;
  const readsQuery = plan.queryParams.length > 0;
  const cacheControl = tool.rest ? tool.rest.cacheControl : undefined;
  return async (req, res, params) => {
    if (tool.rest) markRoute(req, tool.rest.path);
    try {
      // Who may call comes first: a caller without the right gets 401/403 whatever the body holds.
      const ctx = await buildContext(req, res, runtime);
      authorizeCall(tool, ctx.principal);
      if (plan.hasBody) {
        const bad = wrongContentType(req);
        if (bad) throw bad;
      }
      const assembled = assembleInput(plan, params, readsQuery ? queryOf(req, parseQuery) : NO_QUERY, req.body);
      if (!assembled.ok) throw new ToolError('VALIDATION_FAILED', 'Invalid input', { issues: assembled.issues });
      if (tool.kind === 'unary') {
        const out = await invokeUnary(tool, ctx, assembled.input, plan.partOf);
        if (cacheControl) res.setHeader('Cache-Control', cacheControl);
        if (ctx.call?.replayed) res.setHeader('Idempotent-Replayed', 'true');
        sendJson(res, status, out);
        return;
      }
      await pipeToSse(openStream(tool, ctx, assembled.input, plan.partOf), res, ctx, runtime.shutdown);
    } catch (err) {
      sendError(req, res, err);
    }
  };
}
