// JSON Schema → Python type expressions. Inline objects become TypedDict classes named
// by where they sit (parent name + property name, "Item" for array items, the `type`
// constant or "OptionN" for union members); everything else maps onto typing:
// enum/const → Literal, nullable → Optional, oneOf/anyOf → Union,
// additionalProperties → Dict[str, X], {} or unknown → Any.
import type { JsonSchema, SchemaObject } from './read-spec.js';
import { type NameRegistry, pascalCase } from './names.js';
import { pyLiteral } from './python-text.js';
import { ANY, NONE, type PyType, model, named, union } from './python-types.js';

export interface FieldDef {
  wireName: string;
  type: PyType;
  required: boolean;
  description: string | undefined;
}

export interface TypedDictDef {
  kind: 'typeddict';
  name: string;
  description: string | undefined;
  fields: FieldDef[];
}

export interface AliasDef {
  kind: 'alias';
  name: string;
  description: string | undefined;
  type: PyType;
}

export type ModelDef = TypedDictDef | AliasDef;

const COMPONENT_PREFIX = '#/components/schemas/';

export class ModelBuilder {
  /** Every class and alias, dependencies first, in the order they must be printed. */
  readonly definitions: ModelDef[] = [];
  private readonly typedDicts = new Map<string, TypedDictDef>();
  private readonly componentsDone = new Set<string>();
  private readonly componentsInProgress = new Set<string>();

  constructor(
    private readonly components: Record<string, JsonSchema>,
    private readonly names: NameRegistry,
  ) {
    // Component names are public API (errors.py uses them): reserve them before any inline name.
    for (const name of Object.keys(components).sort()) names.claim(name);
  }

  /** Emits every component schema, alphabetically. */
  addComponents(): void {
    for (const name of Object.keys(this.components).sort()) this.componentType(name);
  }

  /**
   * A top-level named model: an object becomes a TypedDict, anything else a type alias.
   * A bare $ref to a component is that component, under its own name.
   */
  addNamed(schema: JsonSchema, wantedName: string, description: string): string {
    if (typeof schema !== 'boolean' && schema.$ref !== undefined) {
      const type = this.refType(schema.$ref);
      if (type.kind === 'model') return type.name;
    }
    const name = this.names.claim(wantedName);
    if (isObjectWithProperties(schema)) {
      this.addTypedDict(schema, name, description);
    } else {
      const type = this.typeOf(schema, name);
      this.definitions.push({ kind: 'alias', name, description: describe(schema) ?? description, type });
    }
    return name;
  }

  /** The component a bare $ref points to, or the schema itself. */
  resolve(schema: JsonSchema): JsonSchema {
    if (typeof schema === 'boolean' || schema.$ref === undefined || !schema.$ref.startsWith(COMPONENT_PREFIX)) return schema;
    return this.components[schema.$ref.slice(COMPONENT_PREFIX.length)] ?? schema;
  }

  /** The TypedDict generated under `name`, if that name is one. */
  typedDict(name: string): TypedDictDef | undefined {
    return this.typedDicts.get(name);
  }

  /** The Python type of `schema`; inline objects are named from `nameHint`. */
  typeOf(schema: JsonSchema, nameHint: string): PyType {
    if (typeof schema === 'boolean') return ANY;
    if (schema.$ref !== undefined) return this.refType(schema.$ref);
    // A "type": [..., "null"] next to enum/const still allows null.
    const nullable = Array.isArray(schema.type) && schema.type.includes('null') ? [NONE] : [];
    if (schema.const !== undefined) return union([literalOf([schema.const]), ...nullable]);
    if (schema.enum !== undefined) return union([literalOf(schema.enum), ...nullable]);
    const alternatives = schema.oneOf ?? schema.anyOf;
    if (alternatives !== undefined) {
      // `anyOf: [X, null]` is just a nullable X: X keeps the plain name.
      const single = alternatives.filter((m) => !isNullSchema(m)).length === 1;
      return union(alternatives.map((member, i) => this.typeOf(member, single ? nameHint : memberName(nameHint, member, i))));
    }
    if (schema.allOf !== undefined) {
      // Only the trivial single-member allOf (a $ref with siblings) maps cleanly.
      const [only] = schema.allOf;
      return schema.allOf.length === 1 && only !== undefined ? this.typeOf(only, nameHint) : ANY;
    }
    if (Array.isArray(schema.type)) {
      return union(schema.type.map((t) => this.typeOf({ ...schema, type: t }, nameHint)));
    }
    switch (schema.type) {
      case 'string':
        return named('str');
      case 'integer':
        return named('int');
      case 'number':
        return named('float');
      case 'boolean':
        return named('bool');
      case 'null':
        return NONE;
      case 'array':
        return { kind: 'list', item: schema.items === undefined ? ANY : this.typeOf(schema.items, `${nameHint}Item`) };
      case 'object':
      case undefined:
        return this.objectType(schema, nameHint);
      default:
        return ANY;
    }
  }

  private objectType(schema: SchemaObject, nameHint: string): PyType {
    if (isObjectWithProperties(schema)) {
      const name = this.names.claim(nameHint);
      this.addTypedDict(schema, name, undefined);
      return model(name);
    }
    const extra = schema.additionalProperties;
    if (schema.type === undefined && extra === undefined) return ANY;
    if (extra === undefined || typeof extra === 'boolean') return { kind: 'dict', value: ANY };
    return { kind: 'dict', value: this.typeOf(extra, `${nameHint}Value`) };
  }

  /** Children first, so every class is defined before a class that uses it. */
  private addTypedDict(schema: SchemaObject, name: string, fallbackDescription: string | undefined): void {
    const required = new Set(schema.required ?? []);
    const fields: FieldDef[] = Object.entries(schema.properties ?? {}).map(([wireName, property]) => ({
      wireName,
      type: this.typeOf(property, `${name}${pascalCase(wireName)}`),
      required: required.has(wireName),
      description: describe(property),
    }));
    const def: TypedDictDef = { kind: 'typeddict', name, description: describe(schema) ?? fallbackDescription, fields };
    this.typedDicts.set(name, def);
    this.definitions.push(def);
  }

  private refType(ref: string): PyType {
    if (!ref.startsWith(COMPONENT_PREFIX)) throw new Error(`unsupported $ref ${ref}`);
    return this.componentType(ref.slice(COMPONENT_PREFIX.length));
  }

  private componentType(name: string): PyType {
    if (this.componentsDone.has(name)) return model(name);
    // A component that refers back to itself: a forward reference by name.
    if (this.componentsInProgress.has(name)) return model(name, true);
    const schema = this.components[name];
    if (schema === undefined) throw new Error(`$ref to unknown component ${name}`);
    this.componentsInProgress.add(name);
    if (isObjectWithProperties(schema)) {
      this.addTypedDict(schema, name, undefined);
    } else {
      this.definitions.push({ kind: 'alias', name, description: describe(schema), type: this.typeOf(schema, name) });
    }
    this.componentsInProgress.delete(name);
    this.componentsDone.add(name);
    return model(name);
  }
}

export function isObjectWithProperties(schema: JsonSchema): schema is SchemaObject & { properties: Record<string, JsonSchema> } {
  if (typeof schema === 'boolean' || schema.properties === undefined) return false;
  const type = schema.type;
  const objectish = type === undefined || type === 'object' || (Array.isArray(type) && type.length === 1 && type[0] === 'object');
  return objectish && Object.keys(schema.properties).length > 0;
}

function isNullSchema(schema: JsonSchema): boolean {
  return typeof schema !== 'boolean' && schema.type === 'null';
}

function literalOf(values: unknown[]): PyType {
  const members: PyType[] = [];
  const literals: string[] = [];
  for (const v of values) {
    if (v === null) members.push(NONE);
    else {
      const text = pyLiteral(v);
      if (text === undefined) return ANY;
      literals.push(text);
    }
  }
  if (literals.length > 0) members.unshift({ kind: 'literal', values: literals });
  return union(members);
}

/** A union member named after its `type` constant ("result" → …Result) when it has one. */
function memberName(parent: string, member: JsonSchema, index: number): string {
  if (typeof member !== 'boolean' && member.properties !== undefined) {
    const tag = member.properties['type'];
    if (typeof tag !== 'boolean' && typeof tag?.const === 'string') return `${parent}${pascalCase(tag.const)}`;
  }
  return `${parent}Option${index + 1}`;
}

function describe(schema: JsonSchema): string | undefined {
  if (typeof schema === 'boolean') return undefined;
  const text = schema.description;
  return text !== undefined && text.trim() !== '' ? text : undefined;
}
