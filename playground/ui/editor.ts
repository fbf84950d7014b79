// A CodeMirror 6 editor for one YAML file or expression: line numbers, undo, search, YAML
// highlighting, and the diagnostics the page computes (shown underlined and in the gutter).
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { yaml } from "@codemirror/lang-yaml";
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { highlightSelectionMatches, searchKeymap } from "@codemirror/search";
import { EditorState, type Extension } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";

/** One editor and what the page does with it. */
export interface Editor {
  view: EditorView;
  text(): string;
  /** Replaces the whole text (not an undoable user edit). */
  setText(text: string): void;
  setDiagnostics(d: readonly Diagnostic[]): void;
  /** Scrolls to `offset`, puts the cursor there and focuses the editor. */
  reveal(offset: number): void;
}

/** Options of {@link createEditor}. */
export interface EditorOptions {
  /** YAML highlighting and a line-number gutter. Default: true (false: a compact expression editor). */
  yamlFile?: boolean;
  /** Accessible name of the editing area. */
  label: string;
  onChange(text: string): void;
}

function extensions(o: EditorOptions): Extension[] {
  const common: Extension[] = [
    history(),
    drawSelection(),
    bracketMatching(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    highlightSelectionMatches(),
    keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
    EditorView.contentAttributes.of({ "aria-label": o.label }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged) o.onChange(u.state.doc.toString());
    }),
  ];
  if (o.yamlFile === false) return [...common, EditorView.lineWrapping, lintGutter()];
  return [...common, lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), indentOnInput(), yaml(), lintGutter()];
}

/** Creates an editor holding `text` inside `parent`. */
export function createEditor(parent: HTMLElement, text: string, o: EditorOptions): Editor {
  const view = new EditorView({ state: EditorState.create({ doc: text, extensions: extensions(o) }), parent });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(t) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } });
    },
    setDiagnostics(d) {
      const len = view.state.doc.length;
      const clamped = d.map((x) => ({ ...x, from: Math.min(x.from, len), to: Math.min(Math.max(x.to, x.from), len) }));
      view.dispatch(setDiagnostics(view.state, clamped));
    },
    reveal(offset) {
      const at = Math.min(offset, view.state.doc.length);
      view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: "center" }) });
      view.focus();
    },
  };
}
