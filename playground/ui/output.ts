// The output side of the page: the resulting stream (#output, exactly what `kmutate apply`
// prints), the `apply --diff` diffs as HTML, and the results, each linking to its place in a pane.
import type { EngineOutput, PageResult, Place } from "../engine/api.js";
import { h, setChildren } from "./dom.js";

type View = "output" | "diff";

/** The output panel. */
export class OutputPanel {
  readonly element: HTMLElement;
  readonly resultsElement: HTMLElement;
  private readonly output: HTMLElement;
  private readonly diff: HTMLElement;
  private readonly status: HTMLElement;
  private readonly list: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly buttons: Record<View, HTMLElement>;

  constructor(private readonly reveal: (p: Place) => void) {
    this.output = h("pre", { id: "output", class: "code", "aria-label": "Resulting objects" });
    this.diff = h("div", { id: "diff", class: "code diff", hidden: true });
    this.status = h("span", { id: "status", class: "status" }, "loading the engine…");
    this.buttons = {
      output: h("button", { class: "tab active", role: "tab", onclick: () => this.show("output") }, "Output"),
      diff: h("button", { class: "tab", role: "tab", onclick: () => this.show("diff") }, "Diff"),
    };
    this.element = h(
      "section",
      { class: "pane", id: "pane-output" },
      h("header", { class: "pane-head" }, h("h2", {}, "Result"), h("span", { class: "hint" }, "what kmutate apply prints")),
      h("div", { class: "tab-row" }, h("div", { class: "tabs", role: "tablist" }, this.buttons.output, this.buttons.diff), this.status),
      h("div", { class: "pane-body scroll" }, this.output, this.diff),
    );
    this.summary = h("span", { class: "hint" });
    this.list = h("ul", { id: "results", class: "results" });
    this.resultsElement = h(
      "section",
      { class: "pane", id: "pane-results" },
      h("header", { class: "pane-head" }, h("h2", {}, "Results"), this.summary),
      h("div", { class: "pane-body scroll" }, this.list),
    );
  }

  /** Shows one run; `scroll` brings the first changed line of the output into view. */
  render(out: EngineOutput, scroll = false): void {
    this.renderOutput(out.output, out.changedLines);
    const first = this.output.querySelector<HTMLElement>(".changed");
    const box = this.output.parentElement;
    if (scroll && first && box) box.scrollTop = Math.max(0, first.offsetTop - box.clientHeight / 3);
    if (out.diffHtml === "") setChildren(this.diff, h("p", { class: "empty" }, "No object changed."));
    else this.diff.innerHTML = out.diffHtml;
    this.status.textContent = `${out.ms < 10 ? out.ms.toFixed(1) : Math.round(out.ms)} ms · exit ${out.exitCode}`;
    this.status.className = "status" + (out.exitCode === 1 ? " status-error" : "");
    const order = { error: 0, warning: 1, info: 2 } as const;
    const results = [...out.results].sort((a, b) => order[a.severity] - order[b.severity]);
    const count = (s: PageResult["severity"]): number => results.filter((r) => r.severity === s).length;
    const n = (k: number, w: string): string => `${k} ${w}${k === 1 ? "" : "s"}`;
    this.summary.textContent = `${n(count("error"), "error")}, ${n(count("warning"), "warning")}, ${count("info")} info`;
    if (results.length === 0) setChildren(this.list, h("li", { class: "empty" }, "No results."));
    else setChildren(this.list, ...results.map((r) => this.item(r)));
  }

  /** Shows a message instead of a run (the engine could not be loaded). */
  fail(message: string): void {
    this.status.textContent = message;
    this.status.className = "status status-error";
  }

  /** The stream as text (so `#output`'s text is exactly the stream), changed lines in marked spans. */
  private renderOutput(text: string, changed: readonly number[]): void {
    const lines = text.split("\n");
    const marked = new Set(changed);
    const parts: Node[] = [];
    let plain = "";
    lines.forEach((line, i) => {
      const eol = i < lines.length - 1 ? "\n" : "";
      if (!marked.has(i)) {
        plain += line + eol;
        return;
      }
      if (plain !== "") parts.push(document.createTextNode(plain));
      plain = "";
      parts.push(h("span", { class: "changed", title: "added or changed by admission" }, line + eol));
    });
    if (plain !== "") parts.push(document.createTextNode(plain));
    this.output.replaceChildren(...parts);
  }

  private show(v: View): void {
    this.output.hidden = v !== "output";
    this.diff.hidden = v !== "diff";
    for (const [k, b] of Object.entries(this.buttons)) b.classList.toggle("active", k === v);
  }

  private item(r: PageResult): HTMLElement {
    const places = r.places.map((p) =>
      h("a", { class: "place", href: `#${p.file}:${p.line}:${p.col}`, onclick: (ev: Event) => (ev.preventDefault(), this.reveal(p)) }, `${p.file}:${p.line}:${p.col}`),
    );
    const tags = Object.entries(r.tags ?? {}).map(([k, v]) => `${k} ${v}`).join(" · ");
    return h(
      "li",
      { class: `result sev-${r.severity}` },
      h("div", { class: "result-head" },
        h("span", { class: "sev" }, r.severity),
        ...places,
        r.object ? h("span", { class: "obj" }, r.object) : null,
        r.field ? h("span", { class: "field-path" }, r.field) : null,
        h("span", { class: "src", title: r.source === "check" ? "found by kmutate check" : r.source === "input" ? "the input cannot be read" : "from admission (kmutate apply)" }, r.source),
      ),
      h("pre", { class: "msg" }, r.message),
      tags ? h("div", { class: "tags" }, tags) : null,
    );
  }
}
