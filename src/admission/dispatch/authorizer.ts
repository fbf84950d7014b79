// The offline authorizer: every `authorizer` check in CEL gets the decision the functionConfig names.
import type { Authorizer } from "../../cel/index.js";
import type { AuthorizerDecision } from "../types.js";

const decisions = { NoOpinion: "noOpinion", Allow: "allow", Deny: "deny" } as const satisfies Record<AuthorizerDecision, string>;

/** An authorizer answering every check with `decision` (reason: `kmutate offline authorizer`). */
export function offlineAuthorizer(decision: AuthorizerDecision): Authorizer {
  const answer = { decision: decisions[decision], reason: "kmutate offline authorizer" };
  return { authorize: () => answer };
}
