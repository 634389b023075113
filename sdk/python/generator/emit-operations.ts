// Prints operations.py: one method per operation on `_Operations` (sync) and its twin
// `_AsyncOperations`. Path parameters come first (positional or keyword), then
// keyword-only query parameters and body fields; optional ones default to NOT_GIVEN and
// are left out of the request. The transport (deal_engine._transport) does the HTTP.
import type { Operation, Parameter } from './read-spec.js';
import { pascalCase, pythonParameterName } from './names.js';
import { type DocPart, docstring, pyString, wrap } from './python-text.js';
import { type PyType, renderType } from './python-types.js';
import { type ModelBuilder, isObjectWithProperties } from './schema-to-python.js';

const MODELS = '_models.';

/** One Python parameter of a generated method. */
interface MethodParameter {
  pythonName: string;
  wireName: string;
  type: PyType;
  required: boolean;
  description: string | undefined;
}

/** Everything needed to print one operation, for both the sync and the async class. */
export interface OperationPlan {
  operation: Operation;
  pathParameters: MethodParameter[];
  queryParameters: MethodParameter[];
  /** Body fields spread into keyword arguments, or one `body` argument when the body is not an object. */
  body: { kind: 'fields'; fields: MethodParameter[] } | { kind: 'whole'; parameter: MethodParameter } | undefined;
  /** The return annotation without the Iterator wrapper. */
  answerType: string;
}

/** Builds the models an operation needs (request, response or event) and its method plan. */
export function planOperation(op: Operation, models: ModelBuilder): OperationPlan {
  const base = pascalCase(op.operationId);
  const parameter = (p: Parameter): MethodParameter => ({
    pythonName: pythonParameterName(p.name),
    wireName: p.name,
    type: models.typeOf(p.schema, `${base}Query${pascalCase(p.name)}`),
    required: p.required,
    description: p.description,
  });
  const pathParameters = op.pathParameters.map(parameter);
  const queryParameters = op.queryParameters.map(parameter);

  let body: OperationPlan['body'];
  if (op.body !== undefined) {
    const name = models.addNamed(op.body.schema, `${base}Request`, `Request body of \`${op.operationId}\`.`);
    const typedDict = models.typedDict(name);
    if (typedDict !== undefined && isObjectWithProperties(models.resolve(op.body.schema))) {
      const bodyRequired = op.body.required;
      body = {
        kind: 'fields',
        fields: typedDict.fields.map((f) => ({
          pythonName: pythonParameterName(f.wireName),
          wireName: f.wireName,
          type: f.type,
          required: f.required && bodyRequired,
          description: f.description,
        })),
      };
    } else {
      body = {
        kind: 'whole',
        parameter: { pythonName: 'body', wireName: 'body', type: { kind: 'model', name, forward: false }, required: op.body.required, description: undefined },
      };
    }
  }

  let answerType = 'None';
  if (op.success.kind === 'json') {
    answerType = MODELS + models.addNamed(op.success.schema, `${base}Response`, `Answer of \`${op.operationId}\`.`);
  } else if (op.success.kind === 'stream') {
    answerType = MODELS + models.addNamed(op.success.schema, `${base}Event`, `One event of the \`${op.operationId}\` stream.`);
  }

  const plan: OperationPlan = { operation: op, pathParameters, queryParameters, body, answerType };
  assertUniqueNames(plan);
  return plan;
}

export function emitOperations(banner: string, plans: OperationPlan[]): string {
  const idempotent = plans.filter((p) => p.operation.idempotent).map((p) => p.operation.operationId);
  const out: string[] = [
    `# ${banner}`,
    '"""One method per API operation, for the sync and the async client."""',
    '',
    'from typing import Any, AsyncIterator, Dict, FrozenSet, Iterator, List, Literal, Optional, Union',
    '',
    'from deal_engine._transport import AsyncTransport, SyncTransport',
    'from deal_engine._types import NOT_GIVEN, NotGiven',
    '',
    'from . import models as _models',
    '',
    '# Money routes: each call carries an Idempotency-Key (a fresh one unless the caller passes one).',
    'IDEMPOTENT_OPERATIONS: FrozenSet[str] = frozenset(',
    '    {',
    ...idempotent.map((id) => `        ${pyString(id)},`),
    '    }',
    ')',
    '',
    '',
    'class _Operations(SyncTransport):',
    '    """Every operation of the API as a blocking method."""',
    ...plans.flatMap((p) => ['', ...emitMethod(p, false)]),
    '',
    '',
    'class _AsyncOperations(AsyncTransport):',
    '    """Every operation of the API as a coroutine (the search stream as an async iterator)."""',
    ...plans.flatMap((p) => ['', ...emitMethod(p, true)]),
  ];
  return `${out.join('\n')}\n`;
}

function emitMethod(plan: OperationPlan, isAsync: boolean): string[] {
  const op = plan.operation;
  const streaming = op.success.kind === 'stream';
  const keywordOnly = [
    ...plan.queryParameters,
    ...(plan.body?.kind === 'fields' ? plan.body.fields : plan.body?.kind === 'whole' ? [plan.body.parameter] : []),
  ];
  const signature = ['        self,', ...plan.pathParameters.map((p) => `        ${p.pythonName}: ${renderType(p.type, MODELS)},`)];
  if (keywordOnly.length > 0 || op.idempotent) signature.push('        *,');
  signature.push(...keywordOnly.map(formatKeywordParameter));
  if (op.idempotent) signature.push('        idempotency_key: Optional[str] = None,');

  const returns = streaming ? `${isAsync ? 'AsyncIterator' : 'Iterator'}[${plan.answerType}]` : plan.answerType;
  // A stream method is a plain def in both classes: it returns the iterator at once.
  const def = isAsync && !streaming ? 'async def' : 'def';
  const call = streaming ? 'self._stream(' : isAsync ? 'await self._request(' : 'self._request(';
  const prefix = op.success.kind === 'empty' ? '' : 'return ';

  return [
    `    ${def} ${pythonParameterName(op.operationId)}(`,
    ...signature,
    `    ) -> ${returns}:`,
    ...docstring(methodDoc(plan), '        '),
    `        ${prefix}${call}`,
    ...requestArguments(plan).flatMap((lines) => lines.map((l, i) => `            ${l}${i === lines.length - 1 ? ',' : ''}`)),
    '        )',
  ];
}

function formatKeywordParameter(p: MethodParameter): string {
  const type = renderType(p.type, MODELS);
  return p.required ? `        ${p.pythonName}: ${type},` : `        ${p.pythonName}: Union[${type}, NotGiven] = NOT_GIVEN,`;
}

/** The arguments of the transport call, each as one or more lines at the call's indent. */
function requestArguments(plan: OperationPlan): string[][] {
  const op = plan.operation;
  const args: string[][] = [[pyString(op.method)], [pyString(op.path)]];
  const mapping = (keyword: string, params: MethodParameter[]) => {
    const entries = params.map((p) => `${pyString(p.wireName)}: ${p.pythonName}`);
    const oneLine = `${keyword}={${entries.join(', ')}}`;
    // 12 columns of indent plus a trailing comma must fit in 100.
    args.push(oneLine.length <= 86 ? [oneLine] : [`${keyword}={`, ...entries.map((e) => `    ${e},`), '}']);
  };
  if (plan.pathParameters.length > 0) mapping('path_params', plan.pathParameters);
  if (plan.queryParameters.length > 0) mapping('query', plan.queryParameters);
  if (plan.body?.kind === 'fields') mapping('body', plan.body.fields);
  if (plan.body?.kind === 'whole') args.push(['body=body']);
  if (op.body !== undefined && !op.body.required) args.push(['body_optional=True']);
  if (op.idempotent) args.push(['idempotent=True'], ['idempotency_key=idempotency_key']);
  return args;
}

function methodDoc(plan: OperationPlan): DocPart[] {
  const op = plan.operation;
  const parts: DocPart[] = [op.summary ?? `${op.method} ${op.path}`, '', `\`${op.method} ${op.path}\``];
  if (op.description !== undefined) parts.push('', op.description);
  const described = [
    ...plan.pathParameters,
    ...plan.queryParameters,
    ...(plan.body?.kind === 'fields' ? plan.body.fields : []),
  ].filter((p) => p.description !== undefined);
  const args: string[] = [];
  for (const p of described) {
    const [first = '', ...rest] = wrap(`${p.pythonName}: ${p.description ?? ''}`, 76);
    args.push(`    ${first}`, ...rest.map((l) => `        ${l}`));
  }
  if (op.idempotent) {
    args.push('    idempotency_key: Reuse a key to retry this call safely; a fresh one is sent', '        when omitted.');
  }
  if (args.length > 0) parts.push('', { lines: ['Args:', ...args] });
  return parts;
}

/** Two wire names that map to one Python name would silently drop a value: refuse. */
function assertUniqueNames(plan: OperationPlan): void {
  const seen = new Map<string, string>();
  const all = [
    ...plan.pathParameters,
    ...plan.queryParameters,
    ...(plan.body?.kind === 'fields' ? plan.body.fields : plan.body?.kind === 'whole' ? [plan.body.parameter] : []),
  ];
  for (const p of all) {
    const other = seen.get(p.pythonName);
    if (other !== undefined) {
      throw new Error(`${plan.operation.operationId}: "${other}" and "${p.wireName}" both become the Python parameter ${p.pythonName}`);
    }
    seen.set(p.pythonName, p.wireName);
  }
}
