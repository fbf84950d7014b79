// The CEL environment of MAP expressions before `variables` is declared: what policies compile in
// (compile-expressions adds `variables`), what `kmutate eval` compiles in and what the policy lint parses with.
import { authzTypes, celEnv, kubernetesLibraries, type CelEnv } from "../../cel/index.js";
import { admissionTypes, admissionVariables } from "./cel-declarations.js";
import { defaultLimits, type AdmitLimits } from "../types.js";

const envs = new Map<string, CelEnv>();

/**
 * The MAP expression environment: `object`, `oldObject`, `request`, `namespaceObject`,
 * `authorizer` (+ `params` with `hasParams`; `Object`/`JSONPatch`/`jsonpatch` with `mutation`).
 */
export function expressionEnv(hasParams: boolean, mutation: boolean, limits: AdmitLimits = defaultLimits): CelEnv {
  const key = `${hasParams}:${mutation}:${limits.costPerCall}:${limits.maxExpressionLength}:${limits.maxExpressionDepth}`;
  let env = envs.get(key);
  if (!env) {
    env = celEnv({
      variables: {
        ...admissionVariables(hasParams),
        authorizer: { kind: "opaque", name: authzTypes.authorizer },
        "authorizer.requestResource": { kind: "opaque", name: authzTypes.resourceCheck },
      },
      types: admissionTypes,
      ...kubernetesLibraries({ mutation }),
      costLimit: limits.costPerCall,
      maxExpressionLength: limits.maxExpressionLength,
      maxRecursionDepth: limits.maxExpressionDepth,
    });
    envs.set(key, env);
  }
  return env;
}
