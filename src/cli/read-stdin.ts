// Reading stdin for the function: at most the input limit, decoded as it arrives. Apart from
// io.ts so that the stream writes load without the krm layer.
import type { Readable } from "node:stream";
import { InputDecoder, type HandedText } from "../krm/index.js";

/**
 * Reads at most `maxBytes` from `stream`, decoding the text as it arrives; stops reading (and
 * reports how much arrived) as soon as the input is larger, so an oversized input never sits in
 * memory whole. The text comes in a box the reader can empty (see HandedText), so that nothing
 * else keeps it alive. `onChunk`: called after each chunk is taken. Default: none.
 */
export async function readAtMost(stream: Readable, maxBytes: number, onChunk?: () => void): Promise<{ ok: true; handed: HandedText } | { ok: false; read: number }> {
  // Each chunk is copied into the decoder as it comes (JSON is decoded as it arrives: no buffer of
  // all its bytes is kept next to its text) and freed with the next scavenge.
  const decoder = new InputDecoder(maxBytes);
  for await (const chunk of stream) {
    const b = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    if (decoder.bytes + b.length > maxBytes) {
      stream.destroy();
      return { ok: false, read: decoder.bytes + b.length };
    }
    decoder.push(b);
    onChunk?.();
  }
  const bytes = decoder.bytes;
  return { ok: true, handed: { decoded: decoder.end(), bytes } };
}
