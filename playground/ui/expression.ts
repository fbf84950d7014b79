// The expression pane: one CEL expression evaluated as `kmutate eval` evaluates it, against an
// object (and optionally params) chosen among the inputs; the value as JSON or cel-go's error.
import type { Diagnostic } from "@codemirror/lint";
import type { ExpressionResult, ObjectChoice } from "../engine/api.js";
import { h, setChildren } from "./dom.js";
import { createEditor, type Editor } from "./editor.js";
import type { ExpressionState } from "./state.js";

/** The pane; `values()` reads its inputs. */
export class ExpressionPane {
  readonly element: HTMLElement;
  private readonly editor: Editor;
  private readonly object: HTMLSelectElement;
  private readonly params: HTMLSelectElement;
  private readonly mutation: HTMLInputElement;
  private readonly result: HTMLElement;
  private readonly bound: HTMLElement;
  private choices: ObjectChoice[] = [];

  constructor(private state: ExpressionState, onChange: () => void) {
    const box = h("div", { class: "editor expr-editor" });
    this.editor = createEditor(box, state.expression, { yamlFile: false, label: "CEL expression", onChange });
    this.object = h("select", { id: "expr-object", onchange: onChange });
    this.params = h("select", { id: "expr-params", onchange: onChange });
    this.mutation = h("input", { type: "checkbox", checked: state.mutation, onchange: onChange });
    this.result = h("pre", { id: "expr-result", class: "code expr-result" });
    this.bound = h("div", { class: "hint bound" });
    this.element = h(
      "section",
      { class: "pane", id: "pane-expression" },
      h("header", { class: "pane-head" }, h("h2", {}, "Expression"), h("span", { class: "hint" }, "one CEL expression, as kmutate eval evaluates it")),
      h("div", { class: "options" },
        h("label", { class: "field" }, h("span", {}, "object"), this.object),
        h("label", { class: "field" }, h("span", {}, "params"), this.params),
        h("label", { class: "field", title: "declare Object, JSONPatch and jsonpatch.escapeKey (mutation expressions)" }, h("span", {}, "mutation"), this.mutation),
      ),
      box,
      this.result,
      this.bound,
    );
  }

  /** The pane's inputs. */
  values(): ExpressionState {
    return { expression: this.editor.text(), object: this.object.value, params: this.params.value, mutation: this.mutation.checked };
  }

  /** Offers the objects of the latest run; keeps the selections that still exist (the first manifest object by default). */
  setChoices(choices: ObjectChoice[], manifestFiles: ReadonlySet<string>): void {
    const same = choices.length === this.choices.length && choices.every((c, i) => c.key === this.choices[i].key);
    if (same && this.object.options.length > 0) return;
    const current = this.object.options.length > 0 ? this.values() : this.state;
    this.choices = choices;
    const keys = [...new Set(choices.map((c) => c.key))];
    const options = (none: string, value: string): HTMLOptionElement[] => [
      h("option", { value: "", selected: value === "" }, none),
      ...keys.map((k) => h("option", { value: k, selected: k === value }, k)),
    ];
    const firstManifest = choices.find((c) => manifestFiles.has(c.file))?.key ?? "";
    const object = keys.includes(current.object) ? current.object : firstManifest;
    setChildren(this.object, ...options("null", object));
    setChildren(this.params, ...options("(not declared)", keys.includes(current.params) ? current.params : ""));
    this.object.value = object;
    this.params.value = keys.includes(current.params) ? current.params : "";
    this.state = this.values();
  }

  /** Shows an evaluation: the value, or the error (also marked in the editor when it has a position). */
  render(r: ExpressionResult): void {
    this.result.textContent = r.ok ? r.text : r.message;
    this.result.classList.toggle("expr-error", !r.ok);
    this.bound.textContent = r.bound.join(" · ");
    this.editor.setDiagnostics(r.ok ? [] : errorMarks(this.editor.text(), r.message));
  }
}

/** The positions of cel-go's `ERROR: <input>:L:C: message` lines (columns count code points). */
function errorMarks(text: string, message: string): Diagnostic[] {
  const lines = text.split("\n");
  const out: Diagnostic[] = [];
  for (const m of message.matchAll(/^ERROR: <input>:(\d+):(\d+): (.*)$/gm)) {
    const line = Number(m[1]);
    let offset = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    const lineText = lines[line - 1] ?? "";
    let col = 0;
    for (const ch of lineText) {
      if (col >= Number(m[2]) - 1) break;
      offset += ch.length;
      col++;
    }
    out.push({ from: offset, to: Math.min(offset + 1, text.length), severity: "error", message: m[3] });
  }
  return out;
}
