// A tiny model of Python type expressions, so unions can be flattened, literals merged
// and `None` folded into Optional[...] before anything is printed.

export type PyType =
  | { kind: 'name'; text: string }
  /** A generated class or alias; `forward` when it is used before its definition. */
  | { kind: 'model'; name: string; forward: boolean }
  | { kind: 'literal'; values: string[] }
  | { kind: 'none' }
  | { kind: 'list'; item: PyType }
  | { kind: 'dict'; value: PyType }
  | { kind: 'union'; members: PyType[] };

export const ANY: PyType = { kind: 'name', text: 'Any' };
export const NONE: PyType = { kind: 'none' };

export function named(text: string): PyType {
  return { kind: 'name', text };
}

export function model(name: string, forward = false): PyType {
  return { kind: 'model', name, forward };
}

export function union(members: PyType[]): PyType {
  return members.length === 1 && members[0] !== undefined ? members[0] : { kind: 'union', members };
}

/** The type as Python source; `modelPrefix` qualifies generated names (e.g. "_models."). */
export function renderType(type: PyType, modelPrefix = ''): string {
  const render = (t: PyType) => renderType(t, modelPrefix);
  switch (type.kind) {
    case 'name':
      return type.text;
    case 'model':
      return type.forward ? JSON.stringify(`${modelPrefix}${type.name}`) : `${modelPrefix}${type.name}`;
    case 'none':
      return 'None';
    case 'literal':
      return `Literal[${type.values.join(', ')}]`;
    case 'list':
      return `List[${render(type.item)}]`;
    case 'dict':
      return `Dict[str, ${render(type.value)}]`;
    case 'union':
      return renderUnion(type.members, render);
  }
}

/** Union[...] with nested unions flattened, literals merged, duplicates dropped, None as Optional. */
function renderUnion(members: PyType[], render: (t: PyType) => string): string {
  const flat = flatten(members);
  let hasNone = false;
  const literalValues: string[] = [];
  const others: string[] = [];
  for (const m of flat) {
    if (m.kind === 'none') hasNone = true;
    else if (m.kind === 'literal') literalValues.push(...m.values.filter((v) => !literalValues.includes(v)));
    else {
      const text = render(m);
      if (!others.includes(text)) others.push(text);
    }
  }
  // Any absorbs everything else (including None).
  if (others.includes('Any')) return 'Any';
  const parts = literalValues.length > 0 ? [`Literal[${literalValues.join(', ')}]`, ...others] : others;
  const inner = parts.length === 0 ? '' : parts.length === 1 ? (parts[0] ?? '') : `Union[${parts.join(', ')}]`;
  if (!hasNone) return inner;
  return inner === '' ? 'None' : `Optional[${inner}]`;
}

function flatten(members: PyType[]): PyType[] {
  return members.flatMap((m) => (m.kind === 'union' ? flatten(m.members) : [m]));
}
