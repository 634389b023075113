/** Reads an SSE response body event by event, recording when each arrived. */
export async function* readSse(res: Response): AsyncGenerator<{ event: { type: string; data: unknown }; at: number }> {
  if (!res.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
      if (data) yield { event: JSON.parse(data) as { type: string; data: unknown }, at: Date.now() };
    }
  }
}
