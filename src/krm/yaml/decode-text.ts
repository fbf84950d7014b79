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
 * Bytes of JSON decoded at a time from a stream's small chunks (larger pushes are decoded as they
 * come): each piece is a string of its own in V8's large-object space. Under 1,031,913 bytes: from
 * that length Node 24's TextDecoder makes an external string (C++ memory, which glibc kept resident
 * after the pieces were freed: 1 MiB pieces peaked 15-20 MB higher on 13-26 MB lists).
 */
export const pieceBytes = 960 * 1024;

/** The first piece strips a byte order mark, as one decode of the whole text does; later ones keep U+FEFF. */
const firstDecoder = new TextDecoder("utf-8", { fatal: true });
const laterDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Decodes bytes pushed in any chunks into text. The input is binary when it holds a NUL byte
 * (reported with the offset of the first, in preference to invalid UTF-8, wherever each is) or
 * invalid UTF-8; once it is known to be binary, what was kept of it is dropped.
 *
 * Input whose first character (after white space and a byte order mark) is `{` or `[` (JSON, read
 * from the pieces as they are) is decoded as it arrives, in pieces of about {@link pieceBytes}:
 * no copy of it is kept as bytes. Other input (YAML, which is read as one string) is kept as bytes
 * and decoded once at the end: decoded in pieces, then joined, the 50k-object YAML list peaked
 * 75 MB higher (the pieces stayed as garbage in V8's old space until a full collection).
 */
export class InputDecoder {
  /** Bytes pushed so far. */
  bytes = 0;
  /** How the text is decoded, once the first character is known. */
  private mode: "pieces" | "whole" | undefined;
  private pieces: string[] = [];
  /**
   * Bytes not yet decoded: the whole input so far (in {@link filled} and then here), a short
   * chunk's, or a character cut by the end of a chunk.
   */
  private staged: Buffer | undefined;
  private stagedLength = 0;
  /** Input kept whole: the full buffers before {@link staged}, in order. */
  private filled: Buffer[] = [];
  private nulAt = -1;
  private invalid = false;

  /**
   * `maxBytes`: the most bytes that will be pushed (a bound on the buffer kept). Default: none.
   * `expectedBytes`: how many bytes the input likely has (a regular file's size): input kept whole
   * goes into one buffer of that size, decoded as it is, instead of buffers of doubling size that
   * are joined at the end (see keep). More bytes than that are kept all the same. Default: unknown.
   */
  constructor(
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    private readonly expectedBytes = 0,
  ) {}

  /**
   * Takes the next bytes of the input (copied or decoded at once: the caller may reuse them).
   * `last`: no bytes follow (they are decoded without a copy when none are kept).
   */
  push(chunk: Uint8Array, last = false): void {
    if (this.nulAt < 0) {
      const nul = chunk.indexOf(0);
      if (nul >= 0) {
        this.nulAt = this.bytes + nul;
        this.pieces = [];
        this.dropStaged();
      }
    }
    this.bytes += chunk.length;
    if (this.nulAt >= 0 || this.invalid) return;
    if (this.mode === undefined) {
      const at = firstSignificant(chunk);
      if (at < 0 && !last) {
        this.keep(chunk);
        return;
      }
      this.mode = at >= 0 && (chunk[at] === 0x7b || chunk[at] === 0x5b) ? "pieces" : "whole";
      if (this.mode === "pieces" && this.stagedLength > 0) {
        // Only white space came before: moved into a staging buffer of a piece's size.
        const before = Buffer.from(this.kept());
        this.dropStaged();
        this.inPieces(before, false);
      }
    }
    if (this.mode === "pieces") this.inPieces(chunk, last);
    else if (last && this.stagedLength === 0) this.decode(chunk);
    else this.keep(chunk);
  }

  /** The text, or the BINARY_INPUT error; the decoder is done after this. */
  end(): DecodedInput {
    if (this.nulAt < 0 && !this.invalid) this.flush(true);
    this.dropStaged();
    if (this.nulAt >= 0) return { ok: false, error: binary(`NUL byte at offset ${this.nulAt}`) };
    if (this.invalid) return { ok: false, error: binary("invalid UTF-8") };
    const pieces = this.pieces;
    this.pieces = [];
    // A second U+FEFF at the start (the decoder stripped the first) is dropped too.
    const first = pieces.findIndex((p) => p.length > 0);
    if (first >= 0 && pieces[first].charCodeAt(0) === 0xfeff) pieces[first] = pieces[first].slice(1);
    return { ok: true, text: pieces };
  }

  /** Decodes what it can of `chunk` now, staging the rest. */
  private inPieces(chunk: Uint8Array, last: boolean): void {
    if (this.stagedLength === 0 && (last || chunk.length >= pieceBytes)) {
      const end = last ? chunk.length : completeEnd(chunk, chunk.length);
      this.decode(chunk.subarray(0, end));
      this.keep(chunk.subarray(end));
      return;
    }
    for (let at = 0; at < chunk.length; ) {
      const take = Math.min(chunk.length - at, pieceBytes - this.stagedLength);
      this.keep(chunk.subarray(at, at + take));
      at += take;
      if (this.stagedLength === pieceBytes) this.flush(false);
    }
  }

  /**
   * Appends to the staged bytes (in pieces mode, never more than a piece). Input kept whole goes
   * into buffers of doubling size, each kept when full, so that the stream's small chunks are
   * freed as they come: kept until the end, they were freed into the allocator's heap, which
   * kept them (as RSS) for the rest of the run. A full buffer is not copied into the next (those
   * copies touched about as much fresh memory as the input: page faults, 50 ms of an 18.8 MB
   * list's run); the buffers are joined once, at the end.
   */
  private keep(bytes: Uint8Array): void {
    let from = 0;
    while (from < bytes.length) {
      const staged = this.staged;
      if (staged === undefined || this.stagedLength === staged.length) {
        if (staged !== undefined) this.filled.push(staged);
        const rest = bytes.length - from;
        const grown = staged === undefined ? Math.max(this.expectedBytes, 1 << 16) : 2 * staged.length;
        const kept = this.bytes - rest;
        this.staged = Buffer.allocUnsafeSlow(this.mode === "pieces" ? pieceBytes : Math.max(Math.min(grown, this.maxBytes - kept), rest));
        this.stagedLength = 0;
        continue;
      }
      const take = Math.min(bytes.length - from, staged.length - this.stagedLength);
      staged.set(bytes.subarray(from, from + take), this.stagedLength);
      this.stagedLength += take;
      from += take;
    }
  }

  /** The staged bytes (input kept whole: all of it, joined). */
  private kept(): Uint8Array {
    const last = this.staged?.subarray(0, this.stagedLength) ?? new Uint8Array(0);
    return this.filled.length === 0 ? last : Buffer.concat([...this.filled, last]);
  }

  private dropStaged(): void {
    this.staged = undefined;
    this.stagedLength = 0;
    this.filled = [];
  }

  /** Decodes the staged bytes (at the input's end all of them, else up to the last whole character). */
  private flush(last: boolean): void {
    const staged = this.staged;
    if (staged === undefined) return;
    if (last) {
      const bytes = this.kept();
      this.dropStaged();
      this.decode(bytes);
      return;
    }
    const end = completeEnd(staged, this.stagedLength);
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
      this.dropStaged();
    }
  }
}

/** Where the first byte other than ASCII white space and a byte order mark's is (-1: none). */
function firstSignificant(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09 && b !== 0xef && b !== 0xbb && b !== 0xbf) return i;
  }
  return -1;
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
