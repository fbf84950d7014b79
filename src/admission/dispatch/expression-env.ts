// The CEL environment of admission policy expressions before `variables` is declared: what
// policies compile in (compile-expressions adds `variables`), what `kmutate eval` compiles in and
// what the policy lint parses with.
import { authzTypes, celEnv, kubernetesLibraries, type CelEnv, type CelType } from "../../cel/index.js";
import { admissionTypes, admissionVariables } from "./cel-declarations.js";
import { defaultLimits, type AdmitLimits } from "../types.js";

const envs = new Map<string, CelEnv>();

const authzOpaque = (name: string): CelType => ({ kind: "opaque", name });

/**
 * The admission expression environment: `object`, `oldObject`, `request`, `namespaceObject`,
 * `authorizer` (+ `params` with `hasParams`; `Object`/`JSONPatch`/`jsonpatch` with `mutation`).
 * `withAuthorizer: false` leaves `authorizer` undeclared (VAP messageExpressions). Default: true.
 */
export function expressionEnv(hasParams: boolean, mutation: boolean, limits: AdmitLimits = defaultLimits, withAuthorizer = true): CelEnv {
  const key = `${hasParams}:${mutation}:${withAuthorizer}:${limits.costPerCall}:${limits.maxExpressionLength}:${limits.maxExpressionDepth}`;
  let env = envs.get(key);
  if (!env) {
    const authorizer: Record<string, CelType> = withAuthorizer
      ? { authorizer: authzOpaque(authzTypes.authorizer), "authorizer.requestResource": authzOpaque(authzTypes.resourceCheck) }
      : {};
    env = celEnv({
      variables: { ...admissionVariables(hasParams), ...authorizer },
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
