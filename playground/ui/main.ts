// Entry of app.js, the playground page: builds the panes, restores the state from the URL
// fragment (a shared state or `#example=<name>`), loads the engine, and re-runs on every edit.
import type { Diagnostic } from "@codemirror/lint";
import type { EngineInput, EngineOutput, PageResult, Place, PlaygroundEngine } from "../engine/api.js";
import { h, setChildren } from "./dom.js";
import { loadEngine } from "./engine-loader.js";
import { ExpressionPane } from "./expression.js";
import { FilePane } from "./file-pane.js";
import { OptionsForm } from "./options.js";
import { OutputPanel } from "./output.js";
import { readFragment, stateFragment } from "./share.js";
import { bundledExamples, defaultOptions, exampleState, type Example, type PageState, type PaneName, type StateFile } from "./state.js";

const examples = bundledExamples();
const fallbackExample = examples.find((e) => e.name === "sidecar-injection") ?? examples[0];

/** The state the page opens with, and a message when the fragment asked for something it cannot show. */
function initialState(): { state: PageState; notice?: string } {
  const f = readFragment(location.hash);
  if (f.kind === "state") return { state: f.state };
  if (f.kind === "example") {
    const e = examples.find((x) => x.name === f.name);
    if (e) return { state: exampleState(e) };
    return { state: exampleState(fallbackExample), notice: `there is no example ${JSON.stringify(f.name)}` };
  }
  return { state: exampleState(fallbackExample), ...(f.kind === "bad" ? { notice: f.message } : {}) };
}

class Page {
  private state: PageState;
  private engine: PlaygroundEngine | undefined;
  private options: OptionsForm | undefined;
  private readonly panes: Record<PaneName, FilePane>;
  private readonly output = new OutputPanel((p) => this.reveal(p));
  private readonly expression: ExpressionPane;
  private readonly optionsSlot = h("div", { class: "options-slot" }, h("span", { class: "hint" }, "loading the engine…"));
  private readonly exampleMenu: HTMLSelectElement;
  private readonly description = h("p", { class: "description" });
  private readonly notice = h("p", { class: "notice", hidden: true });
  private timer: number | undefined;
  private firstResult = true;
  /** Bring the first changed output line into view after the next run (a newly opened state). */
  private scrollOutput = true;

  constructor(initial: { state: PageState; notice?: string }) {
    this.state = initial.state;
    const nameFree = (name: string): boolean => !Object.values(this.panes).some((p) => p.files().some((f) => f.name === name));
    const pane = (id: PaneName, title: string, hint: string, emptyHint: string, newFileName: string): FilePane =>
      new FilePane({ id, title, hint, emptyHint, newFileName, nameFree, onChange: () => this.changed() });
    this.panes = {
      policies: pane("policies", "Policies", "MutatingAdmissionPolicies, bindings, params, CRDs, Namespaces", "No policy files: + adds one.", "policy.yaml"),
      manifests: pane("manifests", "Manifests", "the objects admitted", "No manifests: + adds a file.", "manifest.yaml"),
      old: pane("old", "Old objects", "UPDATE: the objects as they are in the cluster",
        "No old objects: each object is its own old object. + adds a file of objects as they are in the cluster (matched by apiVersion, kind, namespace and name).", "old.yaml"),
    };
    this.expression = new ExpressionPane(this.state.expression, () => this.changed());
    this.exampleMenu = h("select", { id: "example", "aria-label": "Example", onchange: () => this.openExample(this.exampleMenu.value) },
      h("option", { value: "" }, "(your own)"),
      ...examples.map((e) => h("option", { value: e.name }, e.name)));
    if (initial.notice) this.showNotice(initial.notice);
    (document.getElementById("app") ?? document.body).replaceChildren(this.layout());
    this.apply(this.state);
    window.addEventListener("hashchange", () => {
      const f = readFragment(location.hash);
      if (f.kind === "example" && f.name !== this.state.example) this.openExample(f.name);
      else if (f.kind === "state") this.apply(f.state);
    });
  }

  /** Loads the engine, then runs. */
  async start(): Promise<void> {
    try {
      this.engine = await loadEngine();
    } catch (e) {
      this.output.fail(`the engine could not be loaded: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    this.options = new OptionsForm(this.engine, this.state.options, () => this.changed());
    setChildren(this.optionsSlot, this.options.element);
    this.run();
  }

  private layout(): HTMLElement {
    const share = h("button", { id: "share", class: "button", onclick: () => void this.share() }, "Copy share link");
    return h("div", { class: "page" },
      h("header", { class: "top" },
        h("h1", {}, "kmutate playground"),
        h("label", { class: "field" }, h("span", {}, "example"), this.exampleMenu),
        share,
        h("span", { class: "privacy" }, "Runs entirely in this tab: nothing you type is sent anywhere."),
      ),
      this.description,
      this.notice,
      h("main", { class: "columns" },
        h("div", { class: "column" },
          h("section", { class: "pane pane-options" }, h("header", { class: "pane-head" }, h("h2", {}, "Request"), h("span", { class: "hint" }, "the functionConfig (MutationConfig spec)")), this.optionsSlot),
          this.panes.policies.element, this.panes.manifests.element, this.panes.old.element),
        h("div", { class: "column" }, this.output.element, this.output.resultsElement, this.expression.element),
      ),
    );
  }

  /** Shows a state (an example or a shared one). */
  private apply(state: PageState): void {
    this.state = state;
    this.exampleMenu.value = examples.some((e) => e.name === state.example) ? state.example : "";
    this.description.textContent = examples.find((e) => e.name === state.example)?.description ?? "";
    for (const name of ["policies", "manifests", "old"] as const) this.panes[name].setFiles(state.files.filter((f) => f.pane === name), /^kind: MutatingAdmissionPolicy\s*$/m);
    this.scrollOutput = true;
    if (this.engine) {
      this.options = new OptionsForm(this.engine, state.options, () => this.changed());
      setChildren(this.optionsSlot, this.options.element);
    }
    this.changed(0);
  }

  private openExample(name: string): void {
    const e: Example | undefined = examples.find((x) => x.name === name);
    if (!e) return;
    history.replaceState(null, "", `#example=${encodeURIComponent(name)}`);
    this.notice.hidden = true;
    this.apply(exampleState(e));
  }

  /** The state as the page shows it now. */
  private current(): PageState {
    const files: StateFile[] = (["policies", "manifests", "old"] as const).flatMap((pane) => this.panes[pane].files().map((f) => ({ pane, ...f })));
    return { example: this.state.example, files, options: this.options?.values() ?? this.state.options ?? defaultOptions, expression: this.expression.values() };
  }

  private changed(delay = 200): void {
    window.clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.run(), delay);
  }

  private run(): void {
    if (!this.engine) return;
    this.state = this.current();
    const s = this.state;
    this.panes.old.element.hidden = s.options.operation !== "UPDATE";
    const input: EngineInput = {
      files: s.files.filter((f) => f.pane !== "old"),
      oldObjects: s.files.filter((f) => f.pane === "old"),
      options: s.options,
    };
    const out = this.engine.run(input);
    this.output.render(out, this.scrollOutput);
    this.scrollOutput = false;
    this.showDiagnostics(out);
    this.expression.setChoices(out.objects, new Set(s.files.filter((f) => f.pane === "manifests").map((f) => f.name)));
    this.expression.render(this.engine.evaluate(input, this.expression.values()));
    if (this.firstResult) {
      this.firstResult = false;
      document.body.dataset.firstResultMs = String(Math.round(performance.now()));
    }
    document.body.dataset.runs = String(Number(document.body.dataset.runs ?? "0") + 1);
  }

  private showDiagnostics(out: EngineOutput): void {
    const byFile = new Map<string, Diagnostic[]>();
    const add = (r: PageResult, p: Place): void => {
      const message = (r.object ? `${r.object}: ` : "") + (r.field && r.source !== "admission" ? `${r.field}: ` : "") + r.message;
      byFile.set(p.file, [...(byFile.get(p.file) ?? []), { from: p.from, to: p.to, severity: r.severity, source: r.source, message }]);
    };
    for (const r of out.results) for (const p of r.places) add(r, p);
    for (const p of Object.values(this.panes)) p.showDiagnostics(byFile);
  }

  private reveal(p: Place): void {
    for (const pane of Object.values(this.panes)) if (pane.reveal(p.file, p.from)) return;
  }

  private async share(): Promise<void> {
    const url = `${location.href.split("#")[0]}#${stateFragment(this.current())}`;
    history.replaceState(null, "", url);
    try {
      await navigator.clipboard.writeText(url);
      this.showNotice("The link to this state is in the address bar and on the clipboard.");
    } catch {
      this.showNotice("The link to this state is in the address bar.");
    }
  }

  private showNotice(text: string): void {
    this.notice.textContent = text;
    this.notice.hidden = false;
  }
}

void new Page(initialState()).start();
