// What cel-go charges for a call whose function did not run: an argument was an error, or no
// overload matched the argument values. Its cost tracker observes every call after evaluation and
// sizes an error as 1, so most such calls cost 1; the exceptions are the formulas that read a
// well-formed argument (list membership, regex matching, `contains`, `format`).
import { op } from "./operators.js";
import { K, kindOf, isCelError, type CelValue, type CelError, type CelList, type CelMap } from "./values/index.js";

/** cel-go's actualSize: string code points, bytes, list and map sizes; 1 for anything else (errors too). */
function sizeOf(v: CelValue | CelError): number {
  if (isCelError(v)) return 1;
  switch (kindOf(v)) {
    case K.string: return [...(v as string)].length;
    case K.bytes: return (v as Uint8Array).length;
    case K.list: return (v as CelList).size();
    case K.map: return (v as CelMap).size();
    default: return 1;
  }
}

/** The cost of call `fn` (receiver first in `args`) that returned an error before or instead of running. */
export function failedCallCost(fn: string, args: readonly (CelValue | CelError)[]): number {
  switch (fn) {
    case op.in: return args[1] !== undefined && kindOf(args[1] as CelValue) === K.list ? sizeOf(args[1]) : 1;
    case "matches": case "find": case "findAll":
      return Math.ceil((1 + sizeOf(args[0]!)) * 0.1) * Math.ceil(sizeOf(args[1]!) * 0.25);
    case "contains": return Math.ceil(sizeOf(args[0]!) * 0.1) * Math.ceil(sizeOf(args[1]!) * 0.1);
    case "format": return Math.ceil(sizeOf(args[0]!) * 0.1);
    default: return 1;
  }
}
