/**
 * CodeMirror's colours in the console's dark theme: One Dark, except its colours that read under
 * 4.5:1 on its own background or active line (coral, JSON keys: 3.7:1; stone, comments and line
 * numbers: 3.9:1; violet, keywords: 4.4:1 on the active line), lightened to pass WCAG AA.
 * The light theme keeps CodeMirror's own (its default highlight style passes).
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { color, oneDarkHighlightStyle, oneDarkTheme } from '@codemirror/theme-one-dark';
import type { Extension } from '@codemirror/state';
import type { ThemeMode } from '@/theme';

const READABLE: Record<string, string> = {
  [color.coral]: '#f08d94',
  [color.stone]: '#9da5b4',
  [color.violet]: '#d08ee6',
};

/** One Dark's highlight style with the readable colours. */
export const readableOneDarkHighlightStyle = HighlightStyle.define(
  oneDarkHighlightStyle.specs.map((spec) => (spec.color && READABLE[spec.color] ? { ...spec, color: READABLE[spec.color] } : spec)),
);

/** The backgrounds code text is drawn on in the dark theme: the editor's and the active line's. */
export const ONE_DARK_BACKGROUNDS = [color.background, color.highlightBackground] as const;

const readableGutters = EditorView.theme({ '.cm-gutters': { color: READABLE[color.stone] } }, { dark: true });

const darkCode: Extension = [oneDarkTheme, readableGutters, syntaxHighlighting(readableOneDarkHighlightStyle)];

/** The `theme` for @uiw/react-codemirror, or the extensions to add to a MergeView: none in the light theme. */
export const codeTheme = (mode: ThemeMode): Extension | 'light' => (mode === 'dark' ? darkCode : 'light');
