import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { toJsonSchema, type JsonSchema } from '../schema/json-schema.js';

export type Part = 'path' | 'query' | 'body';
type Scalar = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'other';

/** Where each input key of a tool comes from in an HTTP request; computed once per tool. */
export interface InputPlan {
  expressPath: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  /** True when the tool reads a JSON body. */
  hasBody: boolean;
  scalar: Record<string, Scalar>;
  partOf: (key: string | number | undefined) => Part;
}

const BODYLESS = new Set(['GET', 'DELETE']);

function scalarOf(schema: JsonSchema | undefined): Scalar {
  if (!schema) return 'other';
  const type = schema.type;
  if (typeof type === 'string') return (['string', 'integer', 'number', 'boolean', 'array'].includes(type) ? type : 'other') as Scalar;
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  const nonNull = variants?.filter((v) => v.type !== 'null');
  return nonNull?.length === 1 ? scalarOf(nonNull[0]) : 'other';
}

export function planInput(tool: AnyTool): InputPlan {
  if (!tool.rest) throw new Error(`tool ${tool.name} has no REST binding`);
  const { method, path, query } = tool.rest;
  const keys = Object.keys(tool.input.shape);
  const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
  for (const p of pathParams) if (!keys.includes(p)) throw new Error(`${tool.name}: path parameter {${p}} is not an input field`);
  const rest = keys.filter((k) => !pathParams.includes(k));
  const queryParams = BODYLESS.has(method) ? rest : rest.filter((k) => query?.includes(k));
  const bodyFields = rest.filter((k) => !queryParams.includes(k));
  const props = (toJsonSchema(tool.input, 'input').properties ?? {}) as Record<string, JsonSchema>;
  const scalar: Record<string, Scalar> = {};
  for (const k of [...pathParams, ...queryParams]) scalar[k] = scalarOf(props[k]);
  const pathSet = new Set(pathParams);
  const querySet = new Set(queryParams);
  return {
    expressPath: path.replace(/\{([^}]+)\}/g, ':$1'),
    pathParams,
    queryParams,
    bodyFields,
    hasBody: !BODYLESS.has(method),
    scalar,
    partOf: (key) => (typeof key === 'string' && pathSet.has(key) ? 'path' : typeof key === 'string' && querySet.has(key) ? 'query' : 'body'),
  };
}
