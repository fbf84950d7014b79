// Where an apply configuration held CEL bytes: the apiserver keeps them as Go `[]byte` in the patch,
// which fail its typed conversion; kmutate's JSON form of the patch holds base64 strings there, so
// the patcher is told which ones were bytes (patch `BytesMarks`), as the conversion reports them.
import type { BytesSink } from "../../cel/index.js";
import type { BytesMarks } from "../../patch/index.js";

/** Collects the bytes positions a CEL → JSON conversion reports (see `objectToJson`'s `onBytes`). */
export class BytesMarksCollector {
  private marks: Map<object, Map<string | number, Uint8Array>> | undefined;

  /** The sink to give the conversion. */
  readonly onBytes: BytesSink = (container, key, bytes) => {
    this.marks ??= new Map();
    let m = this.marks.get(container);
    if (!m) this.marks.set(container, (m = new Map()));
    m.set(key, bytes);
  };

  /** The positions reported so far, or undefined when there were none. */
  result(): BytesMarks | undefined {
    return this.marks;
  }
}
