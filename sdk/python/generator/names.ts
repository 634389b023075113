// Naming rules shared by the emitters: Python identifiers for parameters and
// PascalCase class names for the TypedDicts, with a registry so two inline objects
// never end up with the same class name.

const PYTHON_KEYWORDS: ReadonlySet<string> = new Set([
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue',
  'def', 'del', 'elif', 'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in',
  'is', 'lambda', 'nonlocal', 'not', 'or', 'pass', 'raise', 'return', 'try', 'while', 'with', 'yield',
]);

/** Names a generated method already uses for itself, so a field called that gets renamed too. */
const RESERVED_PARAMETER_NAMES: ReadonlySet<string> = new Set(['self', 'idempotency_key']);

/** True when `name` can be written as a bare Python identifier (a class-syntax TypedDict key). */
export function isPythonIdentifier(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !PYTHON_KEYWORDS.has(name);
}

/**
 * The Python parameter name for a wire name: invalid characters become "_", and a
 * keyword (or a name the method itself needs) gets a trailing underscore, e.g. from → from_.
 */
export function pythonParameterName(wireName: string): string {
  let name = wireName.replace(/[^A-Za-z0-9_]/g, '_');
  if (/^[0-9]/.test(name)) name = `_${name}`;
  if (PYTHON_KEYWORDS.has(name) || RESERVED_PARAMETER_NAMES.has(name)) name = `${name}_`;
  return name;
}

/** "points_optimize" → "PointsOptimize", "pointsOptions" → "PointsOptions", "3ds-session" → "N3dsSession". */
export function pascalCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0);
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  if (joined === '') return 'Value';
  return /^[0-9]/.test(joined) ? `N${joined}` : joined;
}

/** Hands out class names in call order; a taken name gets a numeric suffix (Name2, Name3…). */
export class NameRegistry {
  private readonly taken = new Set<string>();

  claim(wanted: string): string {
    let name = wanted;
    for (let n = 2; this.taken.has(name); n++) name = `${wanted}${n}`;
    this.taken.add(name);
    return name;
  }
}
