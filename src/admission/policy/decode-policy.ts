// Decodes admission policy and binding manifests into typed inputs the way the apiserver's
// strict JSON decoder would: wrong JSON types and unknown fields are errors; `null` means unset.
// Go type names in messages follow k8s.io/api (alias subtleties between versions are ignored).
import { isObject, type JsonObject, type JsonValue } from "../../data/index.js";
import { JsonFloat } from "../../data/index.js";
import { shapeOf, type Shape, type ShapeKind } from "./decode-shapes.js";
import type { DecodedObject } from "./policy-inputs.js";

interface Ctx {
  typeError?: string;
  unknown: string[];
}

function jsonTypeName(v: JsonValue): string {
  if (typeof v === "string") return "string";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "number" || typeof v === "bigint" || v instanceof JsonFloat) return "number";
  if (Array.isArray(v)) return "array";
  return "object";
}

function decode(v: JsonValue, shape: Shape, path: string, goPath: string, parent: string, ctx: Ctx): unknown {
  if (v === null) return undefined;
  const mismatch = (): undefined => {
    ctx.typeError ??= `json: cannot unmarshal ${jsonTypeName(v)} into Go struct field ${parent}.${goPath} of type ${shape.go.replace(/^\*/, "")}`;
    return undefined;
  };
  switch (shape.t) {
    case "string":
      return typeof v === "string" ? v : mismatch();
    case "stringList": {
      if (!Array.isArray(v)) return mismatch();
      const out: string[] = [];
      for (const x of v) {
        if (x === null) out.push("");
        else if (typeof x === "string") out.push(x);
        else {
          ctx.typeError ??= `json: cannot unmarshal ${jsonTypeName(x)} into Go struct field ${parent}.${goPath} of type ${shape.go.slice(2)}`;
        }
      }
      return out;
    }
    case "stringMap": {
      if (!isObject(v)) return mismatch();
      const out: Record<string, string> = {};
      for (const k of Object.keys(v)) {
        const x = v[k];
        if (typeof x === "string") Object.defineProperty(out, k, { value: x, enumerable: true, writable: true, configurable: true });
        else if (x !== null) ctx.typeError ??= `json: cannot unmarshal ${jsonTypeName(x)} into Go struct field ${parent}.${goPath} of type string`;
        else Object.defineProperty(out, k, { value: "", enumerable: true, writable: true, configurable: true });
      }
      return out;
    }
    case "list": {
      if (!Array.isArray(v)) return mismatch();
      return v.map((x, i) => decode(x, shape.of, `${path}[${i}]`, goPath, parent, ctx) ?? zero(shape.of));
    }
    case "struct": {
      if (!isObject(v)) return mismatch();
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) {
        const f = Object.prototype.hasOwnProperty.call(shape.fields, k) ? shape.fields[k] : undefined;
        const p = path ? `${path}.${k}` : k;
        if (!f) {
          if (!shape.open) ctx.unknown.push(p);
          continue;
        }
        const d = decode(v[k], f, p, goPath ? `${goPath}.${k}` : k, shape.name, ctx);
        if (d !== undefined) out[k] = d;
      }
      return out;
    }
  }
}

function zero(shape: Shape): unknown {
  return shape.t === "struct" ? {} : shape.t === "string" ? "" : [];
}

/** Result of decoding one manifest: the typed object, or the decoder's error text. */
export type DecodeResult<S> = { object: DecodedObject<S> } | { error: string };

/** Decodes a manifest of `kind` written in API version `version` (`v1`, …) into its spec type `S`. */
export function decodeObject<S>(obj: JsonObject, kind: ShapeKind, version: string): DecodeResult<S> {
  const shape = shapeOf(kind, version);
  const ctx: Ctx = { unknown: [] };
  const out = decode(obj, shape, "", "", shape.t === "struct" ? shape.name : "", ctx) as { metadata?: { name?: string; generateName?: string }; spec?: S };
  if (ctx.typeError) return { error: ctx.typeError };
  if (ctx.unknown.length > 0) {
    return { error: "strict decoding error: " + ctx.unknown.map((u) => `unknown field ${JSON.stringify(u)}`).join(", ") };
  }
  return {
    object: {
      name: out.metadata?.name ?? "",
      generateName: out.metadata?.generateName ?? "",
      spec: out.spec ?? ({} as S),
    },
  };
}
