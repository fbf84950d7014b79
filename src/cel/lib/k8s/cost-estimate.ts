// Kubernetes' static cost estimate of its library calls (k8s.io/apiserver pkg/cel/library/cost.go
// `EstimateCallCost`, 1.36), keyed by function name like the original: the hook `callCost` of the
// CEL engine's `estimateCost`. Undefined leaves the call to cel-go's own rules.
import type { CallEstimate, CostEstimateHooks, EstimateNode } from "../../check/cost-estimate.js";
import type { Signature } from "../../check/builtins.js";
import { add, byFactor, fixed, multiply, union, MAX_U64, type CostRange } from "../../check/cost-range.js";
import { CIDR_TYPE, IP_TYPE } from "./net-library.js";
import { QUANTITY_TYPE } from "./quantity-library.js";
import { SEMVER_TYPE } from "./semver-library.js";
import { URL_TYPE } from "./url-library.js";
import { FORMAT_TYPE } from "./format-library.js";
import { op } from "../../operators.js";

const TRAVERSAL = 0.1, REGEX_LENGTH = 0.25;
/** k8s.io/apiserver pkg/cel/limits.go. */
const MAX_FORMAT_SIZE = 64n, MAX_NAME_FORMAT_REGEX_SIZE = 128;
const nominal = (): CallEstimate => ({ cost: fixed(1) });
/** Types whose equality Kubernetes prices at 1. */
const unitEquality = new Set<string>([
  QUANTITY_TYPE, SEMVER_TYPE, IP_TYPE, CIDR_TYPE, "kubernetes.authorization.Authorizer", "kubernetes.authorization.PathCheck",
  "kubernetes.authorization.GroupCheck", "kubernetes.authorization.ResourceCheck", "kubernetes.authorization.Decision",
]);

type Size = (n: EstimateNode) => CostRange;

/** The node of a list's elements (path `…/@items`), or undefined when `list` is not a list type. */
function elementNode(list: EstimateNode): EstimateNode | undefined {
  if (list.type.kind !== "list") return undefined;
  return { path: list.path ? [...list.path, "@items"] : undefined, type: list.type.elem, expr: undefined, computedSize: undefined };
}

function replaceEstimate(sz: CostRange, from: CostRange, to: CostRange): CallEstimate {
  const count = { min: 0n, max: 0n }, kept = { min: 0n, max: 0n };
  if (from.min === 0n) { count.max = sz.max < MAX_U64 ? sz.max + 1n : sz.max; kept.max = sz.max; }
  else if (to.max <= from.min) { count.max = 0n; kept.max = sz.max; }
  else count.max = BigInt(Math.ceil(Number(sz.max) / Number(from.min)));
  if (from.max === 0n) { count.min = sz.min < MAX_U64 ? sz.min + 1n : sz.min; kept.min = sz.min; }
  else if (from.max <= to.min) { count.min = 0n; kept.min = sz.min; }
  else count.min = BigInt(Math.ceil(Number(sz.min) / Number(from.max)));
  const clamp = (x: bigint): bigint => (x > MAX_U64 ? MAX_U64 : x);
  const resultSize = add(multiply({ min: clamp(count.min), max: clamp(count.max) }, to), kept);
  return { cost: byFactor(sz, 2 * TRAVERSAL), resultSize };
}

function joinEstimate(target: EstimateNode, args: readonly EstimateNode[], size: Size): CallEstimate {
  const list = size(target);
  const el = elementNode(target);
  let sz = el ? multiply(list, size(el)) : fixed(0);
  if (args.length > 0) {
    const separators = { min: list.min > 0n ? list.min - 1n : 0n, max: list.max > 0n ? list.max - 1n : 0n };
    sz = add(sz, multiply(size(args[0]!), separators));
  }
  return { cost: byFactor(sz, TRAVERSAL), resultSize: sz };
}

function typeName(n: EstimateNode | undefined): string | undefined {
  const t = n?.type;
  return t?.kind === "opaque" || t?.kind === "object" ? t.name : undefined;
}

/** Kubernetes' estimate of a call of `fn` resolved to `sig` (receiver first in `sig.args`). */
export function kubernetesCallCost(fn: string, sig: Signature, target: EstimateNode | undefined, args: readonly EstimateNode[], size: Size): CallEstimate | undefined {
  const traverse = (n: EstimateNode): CostRange => byFactor(size(n), TRAVERSAL);
  switch (fn) {
    case "check": return { cost: fixed(350000) };
    case "serviceAccount": case "path": case "group": case "resource": case "subresource": case "namespace": case "name":
    case "allowed": case "reason": case "error": case "errored": return nominal();
    case "fieldSelector": case "labelSelector":
      // A parse of the text, plus one requirement (a list and a struct) per two characters.
      return args.length === 1 ? { cost: add(add(fixed(10), traverse(args[0]!)), byFactor(byFactor(size(args[0]!), 0.5), 50)) } : undefined;
    case "isSorted": case "sum": case "max": case "min": case "indexOf": case "lastIndexOf": {
      if (!target) return undefined;
      const el = elementNode(target);
      if (!el) return { cost: traverse(target) };
      let elCost = fixed(1);
      if (el.type.kind === "string" || el.type.kind === "bytes") elCost = add(elCost, traverse(el));
      return { cost: multiply(size(target), elCost) };
    }
    case "url": case "jsonpatch.escapeKey":
      return args.length === 1 ? { cost: traverse(args[0]!), resultSize: size(args[0]!) } : undefined;
    case "lowerAscii": case "upperAscii": case "substring": case "trim":
      return target ? { cost: traverse(target), resultSize: size(target) } : undefined;
    case "replace":
      return target && args.length >= 2 ? replaceEstimate(size(target), size(args[0]!), size(args[1]!)) : undefined;
    case "split": {
      if (!target) return undefined;
      const sz = size(target);
      const limit = args[1]?.expr;
      const max = limit?.kind === "const" && limit.value.kind === "int" ? BigInt.asUintN(64, limit.value.value) : sz.max;
      return { cost: byFactor(sz, 2 * TRAVERSAL), resultSize: { min: 0n, max } };
    }
    case "join": return target ? joinEstimate(target, args, size) : undefined;
    case "find": case "findAll": {
      if (!target || args.length < 1) return undefined;
      const sz = size(target);
      const str = byFactor(add(sz, fixed(1)), TRAVERSAL);
      return { cost: multiply(str, byFactor(size(args[0]!), REGEX_LENGTH)), resultSize: { min: 0n, max: sz.max } };
    }
    case "cidr": case "isIP": case "isCIDR":
      return args.length >= 1 ? { cost: traverse(args[0]!) } : undefined;
    case "ip":
      // `cidr.ip()` reads a field; `ip(string)` parses.
      if (sig.member && sig.args[0]?.kind === "opaque" && sig.args[0].name === CIDR_TYPE) return nominal();
      return args.length >= 1 ? { cost: traverse(args[0]!) } : undefined;
    case "ip.isCanonical": return args.length >= 1 ? { cost: byFactor(size(args[0]!), 2 * TRAVERSAL) } : undefined;
    case "masked": case "prefixLength": case "family": case "isUnspecified": case "isLoopback": case "isLinkLocalMulticast":
    case "isLinkLocalUnicast": case "isGlobalUnicast": return nominal();
    case "containsIP": case "containsCIDR": {
      if (args.length < 1) return undefined;
      const bytes = { min: 4n, max: 16n };
      let c = byFactor(add(bytes, bytes), TRAVERSAL);
      if (fn === "containsCIDR") c = add(add(c, byFactor(bytes, TRAVERSAL)), fixed(1));
      if (sig.args[1]?.kind === "string") c = add(c, traverse(args[0]!));
      return { cost: c };
    }
    case "quantity": case "isQuantity": case "semver": case "isSemver":
      return args.length >= 1 ? { cost: traverse(args[0]!) } : undefined;
    case "validate":
      return args.length >= 1 ? { cost: byFactor(traverse(args[0]!), MAX_NAME_FORMAT_REGEX_SIZE * REGEX_LENGTH) } : undefined;
    case "format.named": return nominal();
    case "sign": case "asInteger": case "isInteger": case "asApproximateFloat": case "isGreaterThan": case "isLessThan": case "compareTo":
    case "add": case "sub": case "major": case "minor": case "patch": return nominal();
    case "getScheme": case "getHostname": case "getHost": case "getPort": case "getEscapedPath": case "getQuery": return nominal();
    case op.equals: {
      const [l, r] = args;
      const name = typeName(l);
      if (!l || !r || name === undefined || name !== typeName(r)) return undefined;
      if (unitEquality.has(name)) return nominal();
      if (name === FORMAT_TYPE) return { cost: byFactor({ min: 1n, max: MAX_FORMAT_SIZE }, TRAVERSAL) };
      if (name === URL_TYPE) {
        // (Kubernetes reads the right operand's size twice.)
        const s = r.computedSize ? union(r.computedSize, r.computedSize) : fixed(1);
        return { cost: byFactor({ min: 1n, max: s.max }, TRAVERSAL) };
      }
      return undefined;
    }
    default: return undefined;
  }
}

/** The estimate hooks of a Kubernetes environment, with input sizes from `sizeOf` (default: unknown; `unknownSize` as in the hooks). */
export function kubernetesCostHooks(sizeOf?: CostEstimateHooks["sizeOf"], unknownSize?: CostRange): CostEstimateHooks {
  const hooks: CostEstimateHooks = { callCost: kubernetesCallCost };
  if (sizeOf) hooks.sizeOf = sizeOf;
  if (unknownSize) hooks.unknownSize = unknownSize;
  return hooks;
}
