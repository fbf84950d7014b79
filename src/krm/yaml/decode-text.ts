// Input bytes → UTF-8 text, decoded as the bytes arrive: the text comes in pieces (never held as
// bytes and text at once), with the same text and the same binary-input errors as one decode of
// all the bytes. Also the few questions asked of text in pieces without joining them.
import type { KrmError } from "../types.js";

/** Decoded text in the order it arrived; the text is their concatenation. */
export type TextPieces = readonly string[];

/** Input text: whole, or in pieces (see {@link InputDecoder}). */
export type InputText = string | TextPieces;

/** What decoding gave: the text in pieces, or the BINARY_INPUT error. */
export type DecodedInput = { ok: true; text: TextPieces } | { ok: false; error: KrmError };

/**
 * Bytes decoded at a time from a stream's small chunks (larger pushes are decoded as they come):
 * each piece is a string of its own in V8's large-object space, so no copy is made of it later.
 */
export const pieceBytes = 1 << 20;

/** The first piece strips a byte order mark, as one decode of the whole text does; later ones keep U+FEFF. */
const firstDecoder = new TextDecoder("utf-8", { fatal: true });
const laterDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Decodes bytes pushed in any chunks into text pieces. The input is binary when it holds a NUL
 * byte (reported with the offset of the first, in preference to invalid UTF-8, wherever each is)
 * or invalid UTF-8; once it is known to be binary, the text decoded so far is dropped.
 */
export class InputDecoder {
  /** Bytes pushed so far. */
  bytes = 0;
  private pieces: string[] = [];
  /** Bytes not yet decoded: a short chunk's, or a character cut by the end of a chunk. */
  private staged: Buffer | undefined;
  private stagedLength = 0;
  private nulAt = -1;
  private invalid = false;

  /**
   * Takes the next bytes of the input (copied or decoded at once: the caller may reuse them).
   * `last`: no bytes follow (they are decoded without being staged).
   */
  push(chunk: Uint8Array, last = false): void {
    if (this.nulAt < 0) {
      const nul = chunk.indexOf(0);
      if (nul >= 0) {
        this.nulAt = this.bytes + nul;
        this.pieces = [];
      }
    }
    this.bytes += chunk.length;
    if (this.nulAt >= 0 || this.invalid) return;
    if (this.stagedLength === 0 && (last || chunk.length >= pieceBytes)) {
      const end = last ? chunk.length : completeEnd(chunk, chunk.length);
      this.decode(chunk.subarray(0, end));
      this.stage(chunk.subarray(end));
      return;
    }
    for (let at = 0; at < chunk.length; ) {
      const take = Math.min(chunk.length - at, pieceBytes - this.stagedLength);
      this.stage(chunk.subarray(at, at + take));
      at += take;
      if (this.stagedLength === pieceBytes) this.flush(false);
    }
  }

  /** The text, or the BINARY_INPUT error; the decoder is done after this. */
  end(): DecodedInput {
    if (this.nulAt < 0 && !this.invalid) this.flush(true);
    this.staged = undefined;
    if (this.nulAt >= 0) return { ok: false, error: binary(`NUL byte at offset ${this.nulAt}`) };
    if (this.invalid) return { ok: false, error: binary("invalid UTF-8") };
    const pieces = this.pieces;
    this.pieces = [];
    // A second U+FEFF at the start (the decoder stripped the first) is dropped too.
    const first = pieces.findIndex((p) => p.length > 0);
    if (first >= 0 && pieces[first].charCodeAt(0) === 0xfeff) pieces[first] = pieces[first].slice(1);
    return { ok: true, text: pieces };
  }

  private stage(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.staged ??= Buffer.allocUnsafeSlow(pieceBytes);
    this.staged.set(bytes, this.stagedLength);
    this.stagedLength += bytes.length;
  }

  /** Decodes the staged bytes (at the input's end all of them, else up to the last whole character). */
  private flush(last: boolean): void {
    const staged = this.staged;
    if (staged === undefined || this.stagedLength === 0) return;
    const end = last ? this.stagedLength : completeEnd(staged, this.stagedLength);
    this.decode(staged.subarray(0, end));
    staged.copyWithin(0, end, this.stagedLength);
    this.stagedLength -= end;
  }

  private decode(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    try {
      this.pieces.push((this.pieces.length === 0 ? firstDecoder : laterDecoder).decode(bytes));
    } catch {
      this.invalid = true;
      this.pieces = [];
    }
  }
}

/**
 * Where the bytes before `end` stop being whole characters: the start of a multi-byte character
 * the end cuts, else `end` (also when the bytes there are not UTF-8: decoding them fails anyway).
 */
function completeEnd(bytes: Uint8Array, end: number): number {
  for (let i = end - 1; i >= 0 && i >= end - 4; i--) {
    const b = bytes[i];
    if (b < 0x80) return end;
    if (b >= 0xc0) return i + (b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2) > end ? i : end;
  }
  return end;
}

function binary(why: string): KrmError {
  return { code: "BINARY_INPUT", message: `input is binary (${why}), not YAML or JSON text` };
}

/** Decodes bytes as UTF-8 text, or a BINARY_INPUT error (NUL byte or invalid UTF-8). */
export function decodeText(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: KrmError } {
  const decoder = new InputDecoder();
  decoder.push(bytes, true);
  const d = decoder.end();
  return d.ok ? { ok: true, text: joinText(d.text) } : d;
}

/** The text as one string (pieces are joined: a copy). */
export function joinText(text: InputText): string {
  if (typeof text === "string") return text;
  return text.length === 1 ? text[0] : text.join("");
}

/** The text's first character after leading white space (as `trimStart` skips it), or undefined. */
export function firstCharOf(text: InputText): string | undefined {
  if (typeof text === "string") return text.trimStart()[0];
  for (const piece of text) {
    const c = piece.trimStart()[0];
    if (c !== undefined) return c;
  }
  return undefined;
}

/** Whether `needle` occurs in the text (also across two pieces). */
export function textIncludes(text: InputText, needle: string): boolean {
  if (typeof text === "string") return text.includes(needle);
  for (let i = 0; i < text.length; i++) {
    if (text[i].includes(needle)) return true;
    if (i > 0) {
      // An occurrence that starts in an earlier piece and ends in this one.
      let before = "";
      for (let j = i - 1; j >= 0 && before.length < needle.length - 1; j--) before = text[j].slice(-(needle.length - 1 - before.length)) + before;
      if ((before + text[i].slice(0, needle.length - 1)).includes(needle)) return true;
    }
  }
  return false;
}
