// Writing text into Python source safely: string literals, docstrings and comments,
// word-wrapped so the generated files stay readable.

/** A Python string literal. JSON escapes (\n, \", \\, \uXXXX) mean the same in Python. */
export function pyString(text: string): string {
  return JSON.stringify(text);
}

/** A Python literal for an enum/const value from the spec. */
export function pyLiteral(value: unknown): string | undefined {
  if (typeof value === 'string') return pyString(value);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Word-wraps every paragraph of `text` to `width` columns; explicit line breaks are kept. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.trim().split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((w) => w !== '')) {
      if (line !== '' && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else {
        line = line === '' ? word : `${line} ${word}`;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A docstring part: a paragraph to wrap, or lines already laid out. */
export type DocPart = string | { lines: string[] };

/** A docstring at `indent` (empty strings become blank lines). */
export function docstring(parts: DocPart[], indent: string, width = 88): string[] {
  const body: string[] = [];
  for (const p of parts) {
    if (typeof p !== 'string') body.push(...p.lines.map(escapeDocstring));
    else if (p === '') body.push('');
    else body.push(...wrap(escapeDocstring(p), width - indent.length));
  }
  while (body.length > 0 && body[body.length - 1] === '') body.pop();
  if (body.length === 0) return [];
  const first = body[0] ?? '';
  if (body.length === 1 && !first.endsWith('"')) return [`${indent}"""${first}"""`];
  return [`${indent}"""${first}`, ...body.slice(1).map((l) => `${indent}${l}`.trimEnd()), `${indent}"""`];
}

/** `# …` comment lines at `indent`. */
export function comment(text: string, indent: string, width = 88): string[] {
  return wrap(text, width - indent.length - 2).map((l) => `${indent}# ${l}`.trimEnd());
}

/** Backslashes would start escapes and three quotes would end the docstring. */
function escapeDocstring(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"');
}
