// kmutate's answer to one differential case, written the way the CEL oracle (cel-go v0.26.0 with
// Kubernetes 1.36's environment, ../shared/oracle/cel) prints its own: `{ok, value | error, phase,
// cost, type}`, values rendered as its toJSON renders them (big ints as strings, `<double NaN>`,
// `<type int>`, `{"<optional>": v}`, `<kubernetes.Quantity 1Gi>`…). No Go needed.
import {
  celEnv, compile, fromJson, kubernetesLibraries, typeText, typeNameOf, isCelError, JSONPATCH_TYPE,
  type CelEnv, type CelValue, type CelList, type CelMap, type CelObject, type CelOpaque, type CelOptional,
  type CelTypeValue, type CelUint, type CelTimestamp, type CelDuration,
} from "../../../src/cel/index.js";
import { K, kindOf, formatTimestamp, formatDuration, base64Encode } from "../../../src/cel/values/index.js";
import { quantityToString, ipToString, cidrToString, urlToString, semverToString } from "../../../src/cel/lib/k8s/index.js";
import type { JsonValue } from "../../../src/data/index.js";

/** One case: the oracle's input line (`object`/`params` absent: the variable is unbound). */
export interface DiffCase {
  id: string;
  expr: string;
  object?: JsonValue;
  params?: JsonValue;
  mutation?: boolean;
  costLimit?: number;
}

/** One answer, as the oracle prints it (`estMin`/`estMax` dropped: kmutate has no static cost estimate). */
export interface DiffOutcome {
  ok: boolean;
  value?: JsonValue;
  error?: string;
  phase?: "compile" | "program" | "eval" | "convert";
  cost?: number;
  type?: string;
}

const envs = new Map<boolean, CelEnv>();
function envFor(mutation: boolean): CelEnv {
  let e = envs.get(mutation);
  if (!e) envs.set(mutation, (e = celEnv({ variables: { object: { kind: "dyn" }, params: { kind: "dyn" } }, ...kubernetesLibraries({ mutation }) })));
  return e;
}

const MAX_SAFE = 9007199254740991n;
const intJson = (n: bigint): JsonValue => (n > MAX_SAFE || n < -MAX_SAFE ? n.toString() : Number(n));

/** Go's `%v` of a float64 as the oracle prints NaN and the infinities. */
function goSpecial(d: number): string {
  return Number.isNaN(d) ? "NaN" : d > 0 ? "+Inf" : "-Inf";
}

const opaqueText: Readonly<Record<string, (v: unknown) => string>> = {
  "kubernetes.Quantity": (v) => quantityToString(v as Parameters<typeof quantityToString>[0]),
  "net.IP": (v) => ipToString(v as Parameters<typeof ipToString>[0]),
  "net.CIDR": (v) => cidrToString(v as Parameters<typeof cidrToString>[0]),
  "kubernetes.URL": (v) => urlToString(v as Parameters<typeof urlToString>[0]),
  "kubernetes.Semver": (v) => semverToString(v as Parameters<typeof semverToString>[0]),
};

/** A CEL value rendered as the oracle's `toJSON` renders it. */
export function oracleJson(v: CelValue): JsonValue {
  switch (kindOf(v)) {
    case K.bool: case K.string: case K.null: return v as JsonValue;
    case K.int: return intJson(v as bigint);
    case K.uint: return intJson((v as CelUint).value);
    case K.double: {
      const d = v as number;
      return Number.isFinite(d) ? d : `<double ${goSpecial(d)}>`;
    }
    case K.bytes: return base64Encode(v as Uint8Array);
    case K.timestamp: return formatTimestamp(v as CelTimestamp);
    case K.duration: return formatDuration(v as CelDuration);
    case K.type: return `<type ${(v as CelTypeValue).name}>`;
    case K.list: {
      const l = v as CelList;
      const out: JsonValue[] = [];
      for (let i = 0; i < l.size(); i++) out.push(oracleJson(l.get(i)));
      return out;
    }
    case K.map: {
      const m = v as CelMap;
      const out: { [k: string]: JsonValue } = {};
      for (const k of m.keys()) {
        const key = typeof k === "string" ? k : `<key ${kindOf(k) === K.uint ? (k as CelUint).value : String(k)}>`;
        out[key] = oracleJson(m.get(k) as CelValue);
      }
      return out;
    }
    case K.optional: {
      const o = v as CelOptional;
      return { "<optional>": o.value === undefined ? "none" : oracleJson(o.value) };
    }
    case K.object: return objectJson(v as CelObject);
    case K.opaque: {
      const o = v as CelOpaque;
      const text = opaqueText[o.typeName];
      return `<${o.typeName} ${text ? text(o.value) : "?"}>`;
    }
    default: return `<${typeNameOf(v)}>`;
  }
}

function objectJson(o: CelObject): JsonValue {
  const out: { [k: string]: JsonValue } = {};
  if (o.typeName === JSONPATCH_TYPE) {
    const str = (f: string): string => {
      const x = o.get(f);
      return typeof x === "string" ? x : "";
    };
    out.op = str("op");
    out.path = str("path");
    if (str("from") !== "") out.from = str("from");
    const val = o.get("value");
    if (val !== undefined && !isCelError(val)) out.value = oracleJson(val);
    return out;
  }
  for (const f of o.fieldNames()) {
    const x = o.get(f);
    // As kmutate's toJson (and cel-go's native conversion): an optional field is its value, or null.
    if (x !== undefined && !isCelError(x)) out[f] = oracleJson(kindOf(x) === K.optional ? ((x as CelOptional).value ?? null) : x);
  }
  return out;
}

/** Runs `c` through kmutate's CEL engine and answers in the oracle's form. */
export function kmutateOutcome(c: DiffCase): DiffOutcome {
  const env = envFor(c.mutation === true);
  const compiled = compile(env, c.expr);
  if (!compiled.ok) {
    if (compiled.code !== "program") return { ok: false, error: compiled.message, phase: "compile" };
    return { ok: false, error: compiled.message, phase: "program", ...(compiled.type ? { type: typeText(compiled.type) } : {}) };
  }
  const type = typeText(compiled.type);
  const act: Record<string, CelValue> = {};
  if (c.object !== undefined) act.object = fromJson(c.object);
  if (c.params !== undefined) act.params = fromJson(c.params);
  const r = compiled.program.eval(act, c.costLimit !== undefined ? { costLimit: c.costLimit } : undefined);
  if (r.error) return { ok: false, error: r.error.message, phase: "eval", cost: r.cost, type };
  return { ok: true, value: oracleJson(r.value), cost: r.cost, type };
}
