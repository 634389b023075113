// Minimal Server-Sent Events reader (the subset /api/search emits): events are separated
// by a blank line, `data:` lines of one event are joined with "\n", comments (":") and
// other fields are ignored. Chunks may split anywhere, even inside a UTF-8 character or
// between "\r" and "\n", so text is buffered until a full event is available.

export async function* readSseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffer = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      // A trailing "\r" may be the first half of "\r\n": keep it until more text arrives.
      const cut = done ? buffer.length : lastCompleteLineEnd(buffer);
      const lines = buffer.slice(0, cut).split(/\r\n|\r|\n/);
      buffer = buffer.slice(cut);
      if (!done) lines.pop(); // the empty string after the last line break
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line[5] === ' ' ? 6 : 5));
        }
      }
      if (done) break;
    }
    if (data.length > 0) yield data.join('\n');
  } finally {
    // Stops the download when the consumer breaks out of the loop early.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** Index just past the last line break that is certainly complete. */
function lastCompleteLineEnd(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text[i];
    if (c === '\n') return i + 1;
    if (c === '\r' && i < text.length - 1) return i + 1;
  }
  return 0;
}
