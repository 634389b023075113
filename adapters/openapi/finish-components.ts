import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { INPUT_MARK, SCHEMA_REF } from './named-schemas.js';

// Settles components.schemas once every operation refers to its schemas:
// 1. drops what nothing refers to;
// 2. an input-side schema takes the plain name when the answer side does not use the
//    name or has the same shape, else "<Name>Input";
// 3. an inline object with the same shape as a named one (tools define some shapes
//    twice, e.g. money) becomes a $ref to it, repeated until nothing changes.

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keys that describe a schema without changing what it accepts. */
const DESCRIPTIVE = new Set(['description', 'title', 'examples', 'example']);

export function finishComponents(doc: OpenAPIObject, keep: ReadonlySet<string>, priority: readonly string[]): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Node>;
  prune(doc, schemas, keep);
  settleInputNames(doc, schemas);
  for (let round = 0; round < 10 && collapseSameShapes(doc, schemas, priority); round++);
  prune(doc, schemas, keep);
  const sorted = Object.fromEntries(Object.keys(schemas).sort().map((k) => [k, schemas[k] as Node]));
  if (doc.components) doc.components.schemas = sorted;
}

function forEachNode(value: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(value)) for (const v of value) forEachNode(v, visit);
  else if (isNode(value)) {
    visit(value);
    for (const v of Object.values(value)) forEachNode(v, visit);
  }
}

function refName(node: Node): string | undefined {
  const ref = node['$ref'];
  return typeof ref === 'string' && ref.startsWith(SCHEMA_REF) ? ref.slice(SCHEMA_REF.length) : undefined;
}

function refsIn(value: unknown): Set<string> {
  const out = new Set<string>();
  forEachNode(value, (n) => {
    const name = refName(n);
    if (name) out.add(name);
  });
  return out;
}

/** Components reachable from the paths, webhooks and the always-kept names. */
function live(doc: OpenAPIObject, schemas: Record<string, Node>, keep: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...refsIn(doc.paths), ...refsIn(doc.webhooks), ...refsIn(doc.components?.responses), ...keep];
  while (queue.length) {
    const name = queue.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  return seen;
}

function prune(doc: OpenAPIObject, schemas: Record<string, Node>, keep: ReadonlySet<string>): void {
  const used = live(doc, schemas, keep);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

function renameRefs(doc: OpenAPIObject, rename: ReadonlyMap<string, string>): void {
  forEachNode([doc.paths, doc.webhooks, doc.components], (n) => {
    const name = refName(n);
    const to = name === undefined ? undefined : rename.get(name);
    if (to !== undefined) n['$ref'] = `${SCHEMA_REF}${to}`;
  });
}

function settleInputNames(doc: OpenAPIObject, schemas: Record<string, Node>): void {
  const unmark = (text: string) => text.split(`${INPUT_MARK}"`).join('"');
  const marked = Object.keys(schemas).filter((n) => n.endsWith(INPUT_MARK));
  const base = (n: string) => n.slice(0, -INPUT_MARK.length);
  const both = new Set(marked.map(base).filter((b) => b in schemas));
  // Same shape on both sides, and everything it refers to is merged too.
  const merged = new Set([...both].filter((b) => unmark(JSON.stringify(schemas[`${b}${INPUT_MARK}`])) === JSON.stringify(schemas[b])));
  for (let changed = true; changed;) {
    changed = false;
    for (const b of merged) {
      const split = [...refsIn(schemas[`${b}${INPUT_MARK}`])].some((r) => r.endsWith(INPUT_MARK) && both.has(base(r)) && !merged.has(base(r)));
      if (split) {
        merged.delete(b);
        changed = true;
      }
    }
  }
  const rename = new Map<string, string>();
  for (const m of marked) {
    const b = base(m);
    const to = !both.has(b) || merged.has(b) ? b : `${b}Input`;
    if (to !== b && to in schemas) throw new Error(`OpenAPI schema name ${to} is taken; rename one in schema-names.ts`);
    rename.set(m, to);
  }
  renameRefs(doc, rename);
  for (const [from, to] of rename) {
    if (!merged.has(base(from))) schemas[to] = schemas[from] as Node;
    delete schemas[from];
  }
}

function canonical(value: unknown): string {
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (!isNode(v)) return v;
    const keys = Object.keys(v).filter((k) => !DESCRIPTIVE.has(k)).sort();
    return Object.fromEntries(keys.map((k) => [k, strip(v[k])]));
  };
  return JSON.stringify(strip(value));
}

/** An object schema with at least two properties: small enough shapes are not worth a name. */
function isShape(node: Node): boolean {
  return isNode(node['properties']) && Object.keys(node['properties']).length >= 2 && node['$ref'] === undefined;
}

function collapseSameShapes(doc: OpenAPIObject, schemas: Record<string, Node>, priority: readonly string[]): boolean {
  const rank = (n: string) => {
    const i = priority.indexOf(n);
    return i < 0 ? priority.length : i;
  };
  const order = Object.keys(schemas).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const byShape = new Map<string, string>();
  const alias = new Map<string, string>();
  for (const name of order) {
    const node = schemas[name] as Node;
    if (!isShape(node)) continue;
    const key = canonical(node);
    const first = byShape.get(key);
    if (first) alias.set(name, first);
    else byShape.set(key, name);
  }
  let changed = alias.size > 0;
  renameRefs(doc, alias);
  for (const name of alias.keys()) delete schemas[name];

  const replace = (value: unknown, isRoot: boolean): unknown => {
    if (Array.isArray(value)) return value.map((v) => replace(v, false));
    if (!isNode(value)) return value;
    for (const [k, v] of Object.entries(value)) {
      // Examples are data, not schemas.
      if (k !== 'examples' && k !== 'example') value[k] = replace(v, false);
    }
    if (isRoot || !isShape(value)) return value;
    const match = byShape.get(canonical(value));
    if (!match) return value;
    changed = true;
    return { $ref: `${SCHEMA_REF}${match}`, ...(typeof value['description'] === 'string' ? { description: value['description'] } : {}) };
  };
  for (const name of Object.keys(schemas)) schemas[name] = replace(schemas[name], true) as Node;
  replace(doc.paths, false);
  return changed;
}
