// A pane of YAML files: one tab and one editor per file; files can be added, renamed (double-click
// the tab) and removed. A tab shows how many errors and warnings its file has.
import type { Diagnostic } from "@codemirror/lint";
import { h, setChildren } from "./dom.js";
import { createEditor, type Editor } from "./editor.js";

interface PaneEntry {
  name: string;
  editor: Editor;
  box: HTMLElement;
  tab: HTMLElement;
  label: HTMLElement;
  badge: HTMLElement;
}

/** Options of a {@link FilePane}. */
export interface FilePaneOptions {
  /** Pane id (used in element ids: `pane-<id>`). */
  id: string;
  title: string;
  hint: string;
  /** Shown when the pane has no file. */
  emptyHint: string;
  /** Name of a new file (a number is added to keep names unique). */
  newFileName: string;
  onChange(): void;
  /** Whether a name is free across all panes. */
  nameFree(name: string): boolean;
}

/** A pane of files. */
export class FilePane {
  readonly element: HTMLElement;
  private readonly tabs: HTMLElement;
  private readonly body: HTMLElement;
  private readonly empty: HTMLElement;
  private entries: PaneEntry[] = [];
  private active = 0;

  constructor(private readonly o: FilePaneOptions) {
    this.tabs = h("div", { class: "tabs", role: "tablist" });
    this.empty = h("p", { class: "empty" }, o.emptyHint);
    this.body = h("div", { class: "pane-body" }, this.empty);
    const add = h("button", { class: "tab-add", title: "Add a file", "aria-label": `Add a file to ${o.title}`, onclick: () => this.addFile() }, "+");
    this.element = h(
      "section",
      { class: "pane", id: `pane-${o.id}` },
      h("header", { class: "pane-head" }, h("h2", {}, o.title), h("span", { class: "hint" }, o.hint)),
      h("div", { class: "tab-row" }, this.tabs, add),
      this.body,
    );
  }

  /** The files, in tab order. */
  files(): Array<{ name: string; text: string }> {
    return this.entries.map((e) => ({ name: e.name, text: e.editor.text() }));
  }

  /** Replaces all files; the first one whose text matches `open` is shown (default: the first file). */
  setFiles(files: ReadonlyArray<{ name: string; text: string }>, open?: RegExp): void {
    for (const e of this.entries) e.editor.view.destroy();
    this.entries = [];
    setChildren(this.tabs);
    setChildren(this.body, this.empty);
    for (const f of files) this.append(f.name, f.text);
    this.select(open ? Math.max(0, files.findIndex((f) => open.test(f.text))) : 0);
  }

  /** Shows each file's diagnostics (files not named get none). */
  showDiagnostics(byFile: ReadonlyMap<string, Diagnostic[]>): void {
    for (const e of this.entries) {
      const d = byFile.get(e.name) ?? [];
      e.editor.setDiagnostics(d);
      const errors = d.filter((x) => x.severity === "error").length;
      const warnings = d.filter((x) => x.severity === "warning").length;
      e.badge.textContent = errors > 0 ? String(errors) : warnings > 0 ? String(warnings) : "";
      e.badge.className = "badge" + (errors > 0 ? " badge-error" : warnings > 0 ? " badge-warning" : "");
    }
  }

  /** Shows `name` at `offset` when this pane has it; returns whether it did. */
  reveal(name: string, offset: number): boolean {
    const i = this.entries.findIndex((e) => e.name === name);
    if (i < 0) return false;
    this.select(i);
    this.element.scrollIntoView({ block: "nearest" });
    this.entries[i].editor.reveal(offset);
    return true;
  }

  private append(name: string, text: string): void {
    const box = h("div", { class: "editor", hidden: true });
    this.body.append(box);
    const label = h("span", { class: "tab-name" }, name);
    const badge = h("span", { class: "badge" });
    const close = h("span", { class: "tab-close", title: "Remove this file", role: "button", "aria-label": `Remove ${name}` }, "×");
    const tab = h("button", { class: "tab", role: "tab" }, label, badge, close);
    const entry: PaneEntry = {
      name,
      box,
      tab,
      label,
      badge,
      editor: createEditor(box, text, { label: `${this.o.title}: ${name}`, onChange: () => this.o.onChange() }),
    };
    tab.addEventListener("click", (ev) => {
      if (ev.target === close) this.remove(entry);
      else this.select(this.entries.indexOf(entry));
    });
    tab.addEventListener("dblclick", () => this.rename(entry));
    this.entries.push(entry);
    this.tabs.append(tab);
  }

  private select(i: number): void {
    this.empty.hidden = this.entries.length > 0;
    this.active = Math.max(0, Math.min(i, this.entries.length - 1));
    this.entries.forEach((e, k) => {
      e.box.hidden = k !== this.active;
      e.tab.classList.toggle("active", k === this.active);
      e.tab.setAttribute("aria-selected", String(k === this.active));
    });
  }

  private addFile(): void {
    const base = this.o.newFileName.replace(/\.yaml$/, "");
    let name = `${base}.yaml`;
    for (let n = 2; !this.o.nameFree(name); n++) name = `${base}-${n}.yaml`;
    this.append(name, "");
    this.select(this.entries.length - 1);
    this.entries[this.active].editor.view.focus();
    this.o.onChange();
  }

  private rename(e: PaneEntry): void {
    const name = window.prompt("File name", e.name)?.trim();
    if (!name || name === e.name || !this.o.nameFree(name)) return;
    e.name = name;
    e.label.textContent = name;
    this.o.onChange();
  }

  private remove(e: PaneEntry): void {
    if (e.editor.text().trim() !== "" && !window.confirm(`Remove ${e.name}?`)) return;
    e.editor.view.destroy();
    e.box.remove();
    e.tab.remove();
    this.entries = this.entries.filter((x) => x !== e);
    this.select(this.active);
    this.o.onChange();
  }
}
