import { json, jsonLanguage } from '@codemirror/lang-json';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { definitionCompletion } from './definitionCompletion';
import { type DefinitionSet, EMPTY_SET } from './definitionSet';
import type { DefinitionProblem } from './editorApi';
import { loadEndpointCatalog } from './endpointCatalog';

/** What the editor page may ask of the code editor. */
export interface JsonEditorHandle {
  /** Puts the cursor at a 1-based line and column, scrolls there and focuses the editor. */
  focusAt(line: number, column: number): void;
}

interface JsonEditorProps {
  /** The text the editor starts with (read once: remount with a new key to load another). */
  initialText: string;
  onChange: (text: string) => void;
  /** The located problems of the last check, drawn as lint diagnostics. */
  problems: readonly DefinitionProblem[];
  /** The accessible name of the editing area. */
  label: string;
  /** The names the other definition files define, for completion (read when completing). */
  definitions?: () => DefinitionSet;
}

/** The offset of a 1-based line and column, clamped into the document. */
function offsetOf(doc: Text, line: number, column: number): number {
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(l.from + Math.max(column, 1) - 1, l.to);
}

/** The located problems as diagnostics spanning the token each one starts at. */
function toDiagnostics(doc: Text, problems: readonly DefinitionProblem[]): Diagnostic[] {
  return problems.map((p) => {
    const from = offsetOf(doc, p.line, p.column);
    const rest = doc.sliceString(from, Math.min(doc.length, from + 400));
    const token = /^"(?:[^"\\\n]|\\.)*"?|^[^\s,:{}[\]]+/.exec(rest)?.[0] ?? '';
    const to = Math.min(doc.length, from + Math.max(token.length, 1));
    return {
      from,
      to,
      severity: p.severity,
      message: `${p.pointer || '/'} ${p.message}`,
      source: 'dashboards:check',
    };
  });
}

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: 'white' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    lineHeight: '1.5',
  },
  '.cm-gutters': { backgroundColor: '#f8f9fa', borderRight: '1px solid #e9ecef', color: '#5c636a' },
  '&.cm-focused': { outline: 'none' },
  '.cm-tooltip-autocomplete .cm-completionDetail': {
    marginLeft: '0.75em',
    color: '#5c636a',
    fontStyle: 'normal',
  },
  // On the selected option's blue, the detail takes the option's own colour (grey would not read).
  '.cm-tooltip-autocomplete ul li[aria-selected] .cm-completionDetail': { color: 'inherit' },
  '.cm-completionInfo': { maxWidth: '320px', whiteSpace: 'normal', padding: '6px 8px' },
});

/**
 * A CodeMirror 6 editor for one page definition: JSON highlighting and folding, completion from
 * schemas/dashboard, the page's own names, the library's and the other pages' names, the API's
 * endpoint index and Vega-Lite's schema, and the
 * server's located errors as inline diagnostics with gutter marks.
 */
export const JsonEditor = forwardRef<JsonEditorHandle, JsonEditorProps>(function JsonEditor(
  { initialText, onChange, problems, label, definitions },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const others = useRef(definitions);
  others.current = definitions;
  // The document is owned by CodeMirror after mount; the page remounts the editor for another file.
  const initial = useRef({ text: initialText, label });

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      doc: initial.current.text,
      parent: host.current,
      extensions: [
        basicSetup,
        json(),
        jsonLanguage.data.of({
          autocomplete: definitionCompletion({
            endpoints: loadEndpointCatalog,
            definitions: () => others.current?.() ?? EMPTY_SET,
          }),
        }),
        lintGutter(),
        theme,
        // tabindex: axe counts the scroller's content as focusable only with it.
        EditorView.contentAttributes.of({ 'aria-label': initial.current.label, tabindex: '0' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) changed.current(u.state.doc.toString());
        }),
      ],
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (editor) editor.dispatch(setDiagnostics(editor.state, toDiagnostics(editor.state.doc, problems)));
  }, [problems]);

  useImperativeHandle(ref, () => ({
    focusAt(line, column) {
      const editor = view.current;
      if (!editor) return;
      const at = offsetOf(editor.state.doc, line, column);
      editor.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
      editor.focus();
    },
  }));

  return <div ref={host} className="dashboard-editor-code" data-testid="editor-code" />;
});
