import { DECODERS, type DecoderName } from './decoders.js';
import { jsonText } from './json-text.js';

// A decode pool thread's task: one provider answer, as bytes or text, parsed and
// mapped. What it returns is structured-cloned back to the event loop.

export interface DecodeTask {
  decoder: DecoderName;
  body: Uint8Array | string;
  arg?: unknown;
}

export default function decode(task: DecodeTask): unknown {
  const text = typeof task.body === 'string' ? task.body : jsonText(task.body);
  return (DECODERS[task.decoder] as (text: string, arg: unknown) => unknown)(text, task.arg);
}
