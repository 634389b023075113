import type { z } from 'zod';
import type { ValidationIssue } from './errors.js';

// Turns zod issues into FastAPI-style validation entries ({loc, msg, type}) so REST
// 422 bodies and MCP tool errors describe the same problem the same way.

type Where = (key: string | number | undefined) => string | undefined;

// pydantic's names for type errors, so clients written against FastAPI feel at home.
const TYPE_NAMES: Record<string, string> = {
  string: 'string', number: 'float', int: 'int', boolean: 'bool', object: 'dict',
  array: 'list', bigint: 'int', date: 'date', null: 'none',
};

function describeExpected(expected: string): string {
  if (expected === 'object') return 'a valid dictionary or object';
  if (expected === 'array') return 'a valid list';
  if (expected === 'int') return 'a valid integer';
  if (expected === 'boolean') return 'a valid boolean';
  return `a valid ${expected}`;
}

function fromIssue(issue: z.core.$ZodIssue): Omit<ValidationIssue, 'loc'> {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return { msg: 'Field required', type: 'missing' };
      const parsingFromString = typeof issue.input === 'string' && (issue.expected === 'number' || issue.expected === 'int');
      if (parsingFromString) {
        const what = issue.expected === 'int' ? 'integer' : 'number';
        return { msg: `Input should be a valid ${what}, unable to parse string as ${what === 'integer' ? 'an' : 'a'} ${what}`, type: `${issue.expected === 'int' ? 'int' : 'float'}_parsing` };
      }
      if (issue.expected === 'int' && typeof issue.input === 'number') {
        return { msg: 'Input should be a valid integer, got a number with a fractional part', type: 'int_from_float' };
      }
      return { msg: `Input should be ${describeExpected(issue.expected)}`, type: `${TYPE_NAMES[issue.expected] ?? issue.expected}_type` };
    }
    case 'too_small': {
      const n = String(issue.minimum);
      if (issue.origin === 'string') return { msg: `String should have at least ${n} character${n === '1' ? '' : 's'}`, type: 'string_too_short' };
      if (issue.origin === 'array' || issue.origin === 'set') return { msg: `List should have at least ${n} item${n === '1' ? '' : 's'}`, type: 'too_short' };
      return issue.inclusive
        ? { msg: `Input should be greater than or equal to ${n}`, type: 'greater_than_equal' }
        : { msg: `Input should be greater than ${n}`, type: 'greater_than' };
    }
    case 'too_big': {
      const n = String(issue.maximum);
      if (issue.origin === 'string') return { msg: `String should have at most ${n} character${n === '1' ? '' : 's'}`, type: 'string_too_long' };
      if (issue.origin === 'array' || issue.origin === 'set') return { msg: `List should have at most ${n} item${n === '1' ? '' : 's'}`, type: 'too_long' };
      return issue.inclusive
        ? { msg: `Input should be less than or equal to ${n}`, type: 'less_than_equal' }
        : { msg: `Input should be less than ${n}`, type: 'less_than' };
    }
    case 'invalid_format':
      return issue.format === 'regex'
        ? { msg: issue.message || `String should match pattern '${String(issue.pattern ?? '')}'`, type: 'string_pattern_mismatch' }
        : { msg: issue.message || `Input should be a valid ${issue.format}`, type: `${issue.format}_format` };
    case 'invalid_value': {
      const allowed = issue.values.map((v) => `'${String(v)}'`);
      const list = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}` : (allowed[0] ?? '');
      return { msg: `Input should be ${list}`, type: issue.values.length > 1 ? 'enum' : 'literal_error' };
    }
    case 'not_multiple_of':
      return { msg: `Input should be a multiple of ${String(issue.divisor)}`, type: 'multiple_of' };
    case 'invalid_union':
      return { msg: issue.message || 'Input does not match any allowed form', type: 'union_invalid' };
    default:
      return { msg: issue.message || 'Value error', type: 'value_error' };
  }
}

/**
 * Flattens a ZodError into validation entries. `where` names the part of the
 * request a top-level key came from ("body", "query", "path"), or nothing for MCP.
 */
export function toValidationIssues(error: z.ZodError, where: Where = () => undefined): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const prefix = (key: string | number | undefined) => {
      const part = where(key);
      return part === undefined ? [] : [part];
    };
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const loc = [...path, key];
        out.push({ loc: [...prefix(loc[0]), ...loc], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
      }
      continue;
    }
    out.push({ loc: [...prefix(path[0]), ...path], ...fromIssue(issue) });
  }
  return out;
}

/** A UTF-16 surrogate without its partner: not a Unicode character, so it cannot be encoded as UTF-8 for PostgreSQL or a provider. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a piece of text no store or provider can take, if anything. */
function textProblem(text: string): Omit<ValidationIssue, 'loc'> | undefined {
  if (text.includes('\u0000')) return { msg: 'String must not contain NUL characters', type: 'string_nul' };
  if (LONE_SURROGATE.test(text)) return { msg: 'String must be valid Unicode: it contains a lone surrogate', type: 'string_unicode' };
  return undefined;
}

/**
 * U+0000 or a lone surrogate (JSON's "\ud800") anywhere in the input, in a string
 * value or an object key, at any depth. PostgreSQL cannot store either in text or
 * jsonb, so such input is refused before any tool sees it rather than failing in a
 * store. Walks without recursion (bodies may nest deeply) and builds a location only
 * for what it reports.
 */
export function invalidTextIssues(raw: unknown, where: Where = () => undefined): ValidationIssue[] {
  type Node = { value: unknown; key?: string | number; parent?: Node };
  const locOf = (node: Node): (string | number)[] => {
    const path: (string | number)[] = [];
    for (let n: Node | undefined = node; n && n.key !== undefined; n = n.parent) path.unshift(n.key);
    const part = where(path[0]);
    return part === undefined ? path : [part, ...path];
  };
  const out: ValidationIssue[] = [];
  const stack: Node[] = [{ value: raw }];
  while (stack.length > 0 && out.length < 20) {
    const node = stack.pop() as Node;
    const { value } = node;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) out.push({ loc: locOf(node), ...problem });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: node });
    } else if (typeof value === 'object' && value !== null) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        const child: Node = { value: (value as Record<string, unknown>)[key], key, parent: node };
        const problem = textProblem(key);
        if (problem) out.push({ loc: locOf(child), ...problem });
        else stack.push(child);
      }
    }
  }
  return out;
}
