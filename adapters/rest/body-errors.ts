import type { ErrorRequestHandler } from 'express';
import { ToolError } from '../../tools/_kit/errors.js';
import { httpError } from '../http/error-response.js';

interface BodyParserError {
  type?: string;
  status?: number;
  body?: string;
  message?: string;
}

/** Maps body-parser failures to our vocabulary: malformed JSON is a 422, too large a 413. */
export const bodyErrors: ErrorRequestHandler = (err: BodyParserError, req, res, next) => {
  if (typeof err?.type !== 'string') return next(err);
  let toolErr: ToolError;
  switch (err.type) {
    case 'entity.parse.failed':
      toolErr = new ToolError('VALIDATION_FAILED', 'Malformed JSON', {
        issues: [{ loc: ['body'], msg: `JSON decode error: ${err.message ?? 'invalid JSON'}`, type: 'json_invalid' }],
      });
      break;
    case 'entity.too.large':
      toolErr = new ToolError('PAYLOAD_TOO_LARGE', 'Request body is too large');
      break;
    case 'encoding.unsupported':
    case 'charset.unsupported':
      toolErr = new ToolError('VALIDATION_FAILED', 'Unsupported body encoding', {
        issues: [{ loc: ['body'], msg: err.message ?? 'Unsupported encoding', type: 'content_encoding' }],
      });
      break;
    case 'request.aborted':
      toolErr = new ToolError('BAD_REQUEST', 'Request was aborted');
      break;
    default:
      toolErr = new ToolError('BAD_REQUEST', 'Could not read the request body');
  }
  const { status, body } = httpError(toolErr, req.id);
  res.status(status).json(body);
};
