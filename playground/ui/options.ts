// The request options form (the functionConfig's `spec`): operation, user, groups, the offline
// authorizer's decision, dryRun, strict and the default namespace. Choices come from the engine.
import type { PlaygroundEngine, RequestOptions } from "../engine/api.js";
import { h } from "./dom.js";

/** The form; `values()` reads it. */
export class OptionsForm {
  readonly element: HTMLElement;
  private readonly operation: HTMLSelectElement;
  private readonly username: HTMLInputElement;
  private readonly groups: HTMLInputElement;
  private readonly authorizer: HTMLSelectElement;
  private readonly dryRun: HTMLInputElement;
  private readonly strict: HTMLInputElement;
  private readonly defaultNamespace: HTMLInputElement;

  constructor(private readonly engine: Pick<PlaygroundEngine, "operations" | "decisions">, private readonly initial: RequestOptions, onChange: () => void) {
    const select = (id: string, values: readonly string[], value: string): HTMLSelectElement => {
      const s = h("select", { id, onchange: onChange }, ...values.map((v) => h("option", { value: v, selected: v === value }, v)));
      s.value = value;
      return s;
    };
    const text = (id: string, value: string, placeholder: string): HTMLInputElement => h("input", { id, type: "text", value, placeholder, oninput: onChange, spellcheck: "false" });
    const check = (id: string, value: boolean): HTMLInputElement => h("input", { id, type: "checkbox", checked: value, onchange: onChange });
    this.operation = select("opt-operation", engine.operations, initial.operation);
    this.username = text("opt-user", initial.username, "(none)");
    this.groups = text("opt-groups", initial.groups, "a, b");
    this.authorizer = select("opt-authorizer", engine.decisions, initial.authorizer);
    this.dryRun = check("opt-dry-run", initial.dryRun);
    this.strict = check("opt-strict", initial.strict);
    this.defaultNamespace = text("opt-namespace", initial.defaultNamespace, "default");
    const field = (label: string, control: HTMLElement, title: string): HTMLElement => h("label", { class: "field", title }, h("span", {}, label), control);
    this.element = h(
      "div",
      { class: "options", id: "options" },
      field("operation", this.operation, "spec.operation: the request's operation"),
      field("user", this.username, "spec.userInfo.username"),
      field("groups", this.groups, "spec.userInfo.groups, comma-separated"),
      field("authorizer", this.authorizer, "spec.authorizer.decision: the offline answer to every authorizer check"),
      field("namespace", this.defaultNamespace, "spec.defaultNamespace: for namespaced objects without one"),
      field("dryRun", this.dryRun, "spec.dryRun: request.dryRun"),
      field("strict", this.strict, "spec.strict: a missing Namespace or schema is an error"),
    );
  }

  /** The options as the form shows them. */
  values(): RequestOptions {
    return {
      operation: this.engine.operations.find((v) => v === this.operation.value) ?? this.initial.operation,
      username: this.username.value.trim(),
      groups: this.groups.value,
      authorizer: this.engine.decisions.find((v) => v === this.authorizer.value) ?? this.initial.authorizer,
      dryRun: this.dryRun.checked,
      strict: this.strict.checked,
      defaultNamespace: this.defaultNamespace.value.trim(),
    };
  }
}
