import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ToolContext } from '../../tools/_kit/context.js';
import type { AnyTool, StreamEvent } from '../../tools/_kit/define-tool.js';
import { ToolError, type ValidationIssue } from '../../tools/_kit/errors.js';
import { collectStream, invokeUnary, openStream } from '../../tools/_kit/invoke.js';
import { toValidationIssues } from '../../tools/_kit/validation.js';
import { toServiceError } from '../http/dependency-errors.js';
import { applyLimit, takeLimit } from './list-limit.js';
import { ConfirmationNeeded } from './confirm-by-input-required.js';
import { mcpErrorText } from '../http/error-response.js';

/** MCP arguments may have their own (camelCase) schema and mapping; the tool's input schema has the last word. */
function toToolInput(tool: AnyTool, args: Record<string, unknown>): unknown {
  if (!tool.mcp || !tool.mcp.input) return args;
  const parsed = tool.mcp.input.safeParse(args, { reportInput: true });
  if (!parsed.success) throw new ToolError('VALIDATION_FAILED', 'Invalid arguments', { issues: toValidationIssues(parsed.error) });
  return tool.mcp.toInput ? tool.mcp.toInput(parsed.data) : parsed.data;
}

/**
 * Marks a result whose only content is the text JSON.stringify(structuredContent): a
 * transport that serializes the result itself can then reuse that text instead of
 * serializing the same output a second time.
 */
export const STRUCTURED_IS_TEXT = Symbol('structured-is-text');
export type ToolCallResult = CallToolResult & { [STRUCTURED_IS_TEXT]?: true };

function toResult(tool: AnyTool, output: unknown, limit: number | undefined): ToolCallResult {
  const fromOutput = tool.mcp && tool.mcp.fromOutput ? tool.mcp.fromOutput(output) : output;
  const shaped = applyLimit(tool.mcp ? tool.mcp.list : undefined, limit, fromOutput);
  const structured = typeof shaped === 'object' && shaped !== null && !Array.isArray(shaped) ? (shaped as Record<string, unknown>) : undefined;
  const content: CallToolResult['content'] = [{ type: 'text', text: JSON.stringify(shaped) }];
  return structured ? { content, structuredContent: structured, [STRUCTURED_IS_TEXT]: true } : { content };
}

/**
 * Runs one tools/call. Failures become `isError` results whose text tells the model
 * what went wrong and what to do next; internal errors never leak their message.
 */
export async function callTool(tool: AnyTool, args: Record<string, unknown>, ctx: ToolContext, onEvent?: (e: StreamEvent) => void, asSent?: (issues: ValidationIssue[]) => ValidationIssue[]): Promise<ToolCallResult> {
  try {
    const { args: toolArgs, limit } = takeLimit(tool, args);
    const input = toToolInput(tool, toolArgs);
    const output = tool.kind === 'unary'
      ? await invokeUnary(tool, ctx, input)
      : await collectStream(tool, openStream(tool, ctx, input), onEvent);
    return toResult(tool, output, limit);
  } catch (err) {
    // Not a failure: the 2026-07-28 adapter answers it with input_required (confirm-by-input-required.ts).
    if (err instanceof ConfirmationNeeded) throw err;
    const toolErr = inCallersWords(toServiceError(err), asSent);
    if (toolErr.code === 'INTERNAL') ctx.log.error({ err: toolErr.cause ?? err, tool: tool.name }, 'MCP tool failed');
    return { isError: true, content: [{ type: 'text', text: mcpErrorText(toolErr) }] };
  }
}

/** A validation error naming the fields as the MCP caller sent them (camelCase), not as the tool renamed them. */
function inCallersWords(err: ToolError, asSent: ((issues: ValidationIssue[]) => ValidationIssue[]) | undefined): ToolError {
  if (!asSent || err.code !== 'VALIDATION_FAILED' || !err.issues) return err;
  return new ToolError(err.code, err.message, { hint: err.hint, details: err.details, issues: asSent(err.issues), cause: err.cause });
}
