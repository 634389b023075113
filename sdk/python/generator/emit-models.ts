// Prints models.py: one TypedDict per object (required keys in a total=True base, optional
// keys in a total=False subclass, since Python 3.9 has no NotRequired) and type aliases.
// Keys that are not identifiers or are keywords ("from") need the functional syntax, so
// they go into functional TypedDict bases that the class-syntax parts inherit from.
import { isPythonIdentifier } from './names.js';
import { comment, docstring, pyString } from './python-text.js';
import { renderType } from './python-types.js';
import type { FieldDef, ModelDef, TypedDictDef } from './schema-to-python.js';

export function emitModels(banner: string, definitions: ModelDef[]): string {
  const publicNames = definitions.map((d) => d.name).sort();
  const out: string[] = [
    `# ${banner}`,
    '"""Typed shapes of every request body, JSON answer and stream event of the Deal Engine API."""',
    '',
    'from typing import Any, Dict, List, Literal, Optional, TypedDict, Union',
    '',
    '__all__ = [',
    ...publicNames.map((n) => `    ${pyString(n)},`),
    ']',
  ];
  for (const def of definitions) {
    out.push('', '');
    out.push(...(def.kind === 'alias' ? emitAlias(def) : emitTypedDict(def)));
  }
  return `${out.join('\n')}\n`;
}

function emitAlias(def: Extract<ModelDef, { kind: 'alias' }>): string[] {
  const lines = def.description === undefined ? [] : comment(def.description, '');
  return [...lines, `${def.name} = ${renderType(def.type)}`];
}

function emitTypedDict(def: TypedDictDef): string[] {
  const lines: string[] = [];
  const bases: string[] = [];
  const wireOnly = (required: boolean) => def.fields.filter((f) => f.required === required && !isPythonIdentifier(f.wireName));
  const plain = (required: boolean) => def.fields.filter((f) => f.required === required && isPythonIdentifier(f.wireName));

  for (const [required, suffix] of [[true, 'RequiredKeys'], [false, 'OptionalKeys']] as const) {
    const fields = wireOnly(required);
    if (fields.length === 0) continue;
    const baseName = `_${def.name}${suffix}`;
    bases.push(baseName);
    lines.push(...emitFunctional(baseName, fields, required), '', '');
  }

  const requiredPlain = plain(true);
  const optionalPlain = plain(false);
  const doc = docstring([def.description ?? ''], '    ');
  const baseList = bases.length > 0 ? bases.join(', ') : 'TypedDict';
  if (requiredPlain.length > 0 && optionalPlain.length > 0) {
    const requiredBase = `_${def.name}Required`;
    lines.push(`class ${requiredBase}(${baseList}):`, ...emitFields(requiredPlain), '', '');
    lines.push(`class ${def.name}(${requiredBase}, total=False):`, ...doc, ...emitFields(optionalPlain));
  } else if (optionalPlain.length > 0) {
    lines.push(`class ${def.name}(${baseList}, total=False):`, ...doc, ...emitFields(optionalPlain));
  } else {
    const fields = emitFields(requiredPlain);
    const body = [...doc, ...fields];
    lines.push(`class ${def.name}(${baseList}):`, ...(body.length > 0 ? body : ['    pass']));
  }
  return lines;
}

function emitFields(fields: FieldDef[]): string[] {
  return fields.flatMap((f) => [
    ...(f.description === undefined ? [] : comment(f.description, '    ')),
    `    ${f.wireName}: ${renderType(f.type)}`,
  ]);
}

function emitFunctional(name: string, fields: FieldDef[], total: boolean): string[] {
  const entries = fields.flatMap((f) => [
    ...(f.description === undefined ? [] : comment(f.description, '        ')),
    `        ${pyString(f.wireName)}: ${renderType(f.type)},`,
  ]);
  return [`${name} = TypedDict(`, `    ${pyString(name)},`, '    {', ...entries, '    },', ...(total ? [] : ['    total=False,']), ')'];
}
