// The comparison allowances of the differential test: each is a named, reasoned rule for
// something that is not a divergence (an offline artefact or a gap of the oracle). The test
// counts how often each applied. Delete an entry to stop allowing it.

/** Names of the allowances (the comparison code asks for them by name). */
export type AllowanceName =
  | "typed-round-trip"
  | "namespace-name-label"
  | "ignored-error-warnings"
  | "offline-warnings"
  | "oracle-vap-warnings-unrecorded"
  | "vap-later-denials"
  | "vap-denied-item"
  | "run-notices"
  | "deny-params-hint";

/** Allowance name → why it is allowed. */
export const allowances = new Map<AllowanceName, string>([
  ["typed-round-trip",
    "The apiserver admits a built-in kind as its typed Go object and a mutated one comes out as ToUnstructured of it (zero values such as status: {} appear, empty omitempty fields vanish); kmutate writes the manifest plus the policies' changes, as issue 23 wants. Both sides are compared after the same typed round trip (typed-round-trip.ts); counted per item it changed."],
  ["namespace-name-label",
    "kube-apiserver's Namespace defaulting adds kubernetes.io/metadata.name=<name> before admission, so the oracle's mutated Namespaces carry it; kmutate sees it but does not write it unless a policy sets it. The label is removed from both sides when the input lacked it."],
  ["ignored-error-warnings",
    "kmutate reports an error swallowed by failurePolicy Ignore as a warning result ('ignored by failurePolicy Ignore: …'); the apiserver only logs it. Not compared."],
  ["offline-warnings",
    "kmutate warns about offline assumptions (a Namespace or kind missing from the input); the oracle's glue has its own wording and reports every assumed Namespace, not only looked-up ones. Not compared."],
  ["oracle-vap-warnings-unrecorded",
    "The admission oracle (../shared/oracle/admission, v0.36.3) installs no warning recorder, so a ValidatingAdmissionPolicy Warn action leaves no trace in its output (the facts header says vapWarningsRecorded: false). While so, kmutate's 'Validation failed for ValidatingAdmissionPolicy' warnings are not compared."],
  ["vap-denied-item",
    "An object a ValidatingAdmissionPolicy denies is not written by the apiserver; the oracle echoes the input and the scenario contract leaves kmutate's output form for it open (../shared/scenarios/README.md). Its item is not compared; its errors are."],
  ["vap-later-denials",
    "The apiserver returns only the first ValidatingAdmissionPolicy denial; the scenario contract (../shared/scenarios/README.md) lets kmutate report later denials too. When the oracle's error is a VAP denial, kmutate's first error must be it and any further ones must be VAP denials."],
  ["run-notices",
    "kmutate warns about a run that would otherwise change nothing in silence (tags.code unbound-policy, missing-policy, unmatched-policy, unhandled-operation; docs/05_errors.md); one apiserver request has no such notion. Warnings with those codes are not compared; every other warning still is."],
  ["deny-params-hint",
    "When a Deny paramRef finds no param, kmutate follows the apiserver's text ('… with `Deny` parameterNotFoundAction') with what it looked for ('(looked for v1 ConfigMap \"x\" in namespace \"y\")'). The hint is removed before comparing; the apiserver's text before it must still match exactly."],
]);

/** Whether an allowance is in force. */
export function allowed(name: AllowanceName): boolean {
  return allowances.has(name);
}

/** How often each allowance applied in a run. */
export class AllowanceTally {
  readonly counts = new Map<AllowanceName, number>();

  /** Records one application of `name`. */
  hit(name: AllowanceName, n = 1): void {
    this.counts.set(name, (this.counts.get(name) ?? 0) + n);
  }

  /** One line per allowance that applied. */
  lines(): string[] {
    return [...this.counts].map(([name, n]) => `allowance ${name}: ${n}`);
  }
}
