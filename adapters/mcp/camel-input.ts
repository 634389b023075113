import type { ValidationIssue } from '../../tools/_kit/errors.js';
import type { JsonSchema } from '../schema/json-schema.js';

// MCP inputs read camelCase across every tool. A tool whose only input is its REST
// (snake_case) schema is listed with its top-level fields renamed, and a call's
// arguments are renamed back before the tool's own schema validates them, so one
// schema serves both surfaces without a hand-written MCP twin.

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export interface CamelInput {
  schema: JsonSchema;
  /** The listed (camelCase) arguments back in the tool's own field names. */
  toToolArgs(args: Record<string, unknown>): Record<string, unknown>;
  /**
   * A validation error in the caller's words: a renamed field is named as listed
   * (`departureDate`) in loc and message, unless the caller sent the REST spelling.
   */
  issuesAsSent(sent: Record<string, unknown>, issues: ValidationIssue[]): ValidationIssue[];
}

const asIs = (_sent: Record<string, unknown>, issues: ValidationIssue[]) => issues;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Renames the REST names in `issues` back to the camelCase ones the caller used. */
function renameIssues(back: ReadonlyMap<string, string>, sent: Record<string, unknown>, issues: ValidationIssue[]): ValidationIssue[] {
  const pairs = [...back].filter(([listed, own]) => !Object.hasOwn(sent, own) || Object.hasOwn(sent, listed));
  if (pairs.length === 0) return issues;
  const toListed = new Map(pairs.map(([listed, own]) => [own, listed]));
  const inText = new RegExp(`\\b(${pairs.map(([, own]) => escape(own)).join('|')})\\b`, 'g');
  return issues.map((i) => ({
    ...i,
    loc: i.loc.map((part, n) => (n === 0 && typeof part === 'string' ? (toListed.get(part) ?? part) : part)),
    msg: i.msg.replace(inText, (own) => toListed.get(own) ?? own),
  }));
}

export function camelInput(schema: JsonSchema): CamelInput {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const renamed = Object.keys(properties ?? {}).filter((k) => camel(k) !== k);
  if (!properties || renamed.length === 0) return { schema, toToolArgs: (args) => args, issuesAsSent: asIs };
  const back = new Map(renamed.map((k) => [camel(k), k]));
  const listed: JsonSchema = {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [camel(k), v])),
    ...(Array.isArray(schema.required) ? { required: (schema.required as string[]).map(camel) } : {}),
  };
  return {
    schema: listed,
    toToolArgs: (args) => Object.fromEntries(Object.entries(args).map(([k, v]) => [back.get(k) ?? k, v])),
    issuesAsSent: (sent, issues) => renameIssues(back, sent, issues),
  };
}
