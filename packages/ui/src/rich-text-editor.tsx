import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { FieldFrame, useFieldIds } from './field';

/**
 * HEAVY (TipTap + ProseMirror): import this entry only lazily, from the routes that edit
 * news, so it never lands in the agent portal's initial bundle:
 *
 *   const RichTextEditor = lazy(() => import('@portal/ui/rich-text-editor'));
 */

export type RichTextEditorLabels = {
  toolbar: string;
  bold: string;
  italic: string;
  heading2: string;
  heading3: string;
  bulletList: string;
  orderedList: string;
  link: string;
  linkUrl: string;
  linkApply: string;
  linkRemove: string;
  linkCancel: string;
  linkInvalid: string;
  undo: string;
  redo: string;
};

const LABELS: RichTextEditorLabels = {
  toolbar: 'Mise en forme',
  bold: 'Gras',
  italic: 'Italique',
  heading2: 'T2 — titre de niveau 2',
  heading3: 'T3 — titre de niveau 3',
  bulletList: 'Liste à puces',
  orderedList: 'Liste numérotée',
  link: 'Lien',
  linkUrl: 'Adresse du lien',
  linkApply: 'Appliquer',
  linkRemove: 'Retirer le lien',
  linkCancel: 'Annuler',
  linkInvalid: 'Ce champ doit être une URL valide',
  undo: 'Annuler la dernière modification',
  redo: 'Rétablir',
};

export type RichTextEditorProps = {
  label: string;
  /** HTML content; the editor follows it when it changes from outside (form reset…). */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  hint?: string;
  /** Validation message; marks the editor invalid when set. */
  error?: string;
  required?: boolean;
  disabled?: boolean;
  labels?: Partial<RichTextEditorLabels>;
  className?: string;
};

/** URLs a link may point to: web pages, mail and phone, or a path inside the portal. */
export function isSafeLinkUrl(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return true;
  try {
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(new URL(trimmed).protocol);
  } catch {
    return false;
  }
}

const EMPTY = '<p></p>';

/**
 * Rich-text field on TipTap: toolbar (bold, italic, headings, lists, link, undo/redo) with
 * French accessible names and pressed states, HTML in and out, label/hint/error like TextField.
 * Render the saved HTML with SafeHtml, never directly.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  hint,
  error,
  required,
  disabled = false,
  labels,
  className = '',
}: RichTextEditorProps) {
  const text = { ...LABELS, ...labels };
  const { labelId, hintId, errorId, describedBy } = useFieldIds({ hint, error });

  // The editor is created once: its callbacks read the latest props through refs.
  const latest = useRef({ value, onChange, onBlur });
  useLayoutEffect(() => {
    latest.current = { value, onChange, onBlur };
  });

  const editor = useEditor({
    immediatelyRender: true,
    editable: !disabled,
    extensions: [
      // No trailing empty paragraph in the saved HTML; Link is configured below.
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: false,
        underline: false,
        trailingNode: false,
      }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        isAllowedUri: (url) => isSafeLinkUrl(url),
      }),
    ],
    content: value || '',
    editorProps: {
      // ProseMirror swallows Escape (it prevents its default), so a dialog around the editor
      // would never hear it: Escape is left to the page, as everywhere else.
      handleDOMEvents: { keydown: (_view, event) => event.key === 'Escape' },
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class:
          'min-h-40 px-3 py-2 text-ink focus:outline-none [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_p]:my-1',
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      // Only real edits: selection or re-parse transactions that keep the HTML are not changes.
      if (html === (latest.current.value || '')) return;
      latest.current.value = html;
      latest.current.onChange(html);
    },
    onBlur: () => latest.current.onBlur?.(),
  });

  // Attributes that change after creation are set on the editable element directly.
  // TipTap throws on `view` while the editor is not mounted (production builds can run this
  // first), so the attributes are set now if mounted, else when it mounts.
  useEffect(() => {
    if (!editor) return;
    const apply = () => {
      if (editor.isDestroyed) return;
      let dom: HTMLElement;
      try {
        dom = editor.view.dom;
      } catch {
        return;
      }
      const set = (name: string, attr: string | undefined) =>
        attr ? dom.setAttribute(name, attr) : dom.removeAttribute(name);
      set('aria-describedby', describedBy || undefined);
      set('aria-invalid', error ? 'true' : undefined);
      set('aria-required', required ? 'true' : undefined);
      set('aria-disabled', disabled ? 'true' : undefined);
    };
    apply();
    editor.on('mount', apply);
    editor.on('create', apply);
    return () => {
      editor.off('mount', apply);
      editor.off('create', apply);
    };
  }, [editor, describedBy, error, required, disabled]);

  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  // Follow outside changes of `value` without echoing our own updates.
  useEffect(() => {
    // A destroyed instance is being replaced by useEditor: the next one gets `value` anyway.
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value || '') !== current && !(value === EMPTY && editor.isEmpty)) {
      editor.commands.setContent(value || '', { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <FieldFrame
      label={label}
      labelId={labelId}
      required={required}
      hint={hint}
      hintId={hintId}
      error={error}
      errorId={errorId}
      className={className}
    >
      <div
        className={`overflow-hidden rounded-lg border bg-surface focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-brand-600 ${
          error ? 'border-danger' : 'border-muted'
        } ${disabled ? 'bg-canvas' : ''}`}
      >
        {editor && <Toolbar editor={editor} text={text} disabled={disabled} />}
        <EditorContent editor={editor} />
      </div>
    </FieldFrame>
  );
}

export default RichTextEditor;

function Toolbar({
  editor,
  text,
  disabled,
}: {
  editor: Editor;
  text: RichTextEditorLabels;
  disabled: boolean;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const chain = () => editor.chain().focus();

  return (
    <div className="border-b border-canvas bg-surface">
      <div role="toolbar" aria-label={text.toolbar} className="flex flex-wrap gap-1 p-1">
        <ToolButton
          label={text.bold}
          pressed={state.bold}
          disabled={disabled}
          onClick={() => chain().toggleBold().run()}
        >
          <span className="font-bold">G</span>
        </ToolButton>
        <ToolButton
          label={text.italic}
          pressed={state.italic}
          disabled={disabled}
          onClick={() => chain().toggleItalic().run()}
        >
          <span className="font-serif italic">I</span>
        </ToolButton>
        <ToolButton
          label={text.heading2}
          pressed={state.h2}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          <span className="text-xs font-bold">T2</span>
        </ToolButton>
        <ToolButton
          label={text.heading3}
          pressed={state.h3}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          <span className="text-xs font-bold">T3</span>
        </ToolButton>
        <ToolButton
          label={text.bulletList}
          pressed={state.bulletList}
          disabled={disabled}
          onClick={() => chain().toggleBulletList().run()}
        >
          <Svg d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
        </ToolButton>
        <ToolButton
          label={text.orderedList}
          pressed={state.orderedList}
          disabled={disabled}
          onClick={() => chain().toggleOrderedList().run()}
        >
          <Svg d="M10 6h10M10 12h10M10 18h10M4 5l1-1v5M4 15h2l-2 3h2" />
        </ToolButton>
        <ToolButton
          label={text.link}
          pressed={state.link}
          expanded={linkOpen}
          disabled={disabled}
          onClick={() => setLinkOpen((open) => !open)}
        >
          <Svg d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
        </ToolButton>
        <ToolButton
          label={text.undo}
          disabled={disabled || !state.canUndo}
          onClick={() => chain().undo().run()}
        >
          <Svg d="M9 14L4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
        </ToolButton>
        <ToolButton
          label={text.redo}
          disabled={disabled || !state.canRedo}
          onClick={() => chain().redo().run()}
        >
          <Svg d="M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
        </ToolButton>
      </div>
      {linkOpen && (
        <LinkForm
          key={state.href}
          initial={state.href}
          text={text}
          hasLink={state.link}
          onApply={(href) => {
            chain().extendMarkRange('link').setLink({ href }).run();
            setLinkOpen(false);
          }}
          onRemove={() => {
            chain().extendMarkRange('link').unsetLink().run();
            setLinkOpen(false);
          }}
          onCancel={() => {
            setLinkOpen(false);
            editor.commands.focus();
          }}
        />
      )}
    </div>
  );
}

/** Inline URL form (no window.prompt): Enter applies, Escape cancels. */
function LinkForm({
  initial,
  text,
  hasLink,
  onApply,
  onRemove,
  onCancel,
}: {
  initial: string;
  text: RichTextEditorLabels;
  hasLink: boolean;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const id = useId();
  const apply = () => {
    if (!isSafeLinkUrl(url)) {
      setInvalid(true);
      return;
    }
    onApply(url.trim());
  };
  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-canvas p-2">
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {text.linkUrl}
        </label>
        <input
          id={id}
          type="url"
          autoFocus
          value={url}
          placeholder="https://"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onCancel();
            }
          }}
          className={`h-9 rounded-lg border bg-surface px-2 text-sm text-ink ${invalid ? 'border-danger' : 'border-muted'}`}
        />
        {invalid && (
          <p id={`${id}-error`} className="text-sm font-medium text-danger">
            {text.linkInvalid}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={apply}
        className="h-9 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {text.linkApply}
      </button>
      {hasLink && (
        <button
          type="button"
          onClick={onRemove}
          className="h-9 rounded-lg px-3 text-sm font-semibold text-danger hover:bg-danger-soft"
        >
          {text.linkRemove}
        </button>
      )}
      <button
        type="button"
        onClick={onCancel}
        className="h-9 rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {text.linkCancel}
      </button>
    </div>
  );
}

function ToolButton({
  label,
  pressed,
  expanded,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  expanded?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      aria-expanded={expanded}
      disabled={disabled}
      // Keep the editor's selection: the button must not take focus on mouse down.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="flex size-9 items-center justify-center rounded-md text-ink hover:bg-canvas disabled:cursor-not-allowed disabled:opacity-50 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
    >
      {children}
    </button>
  );
}

function Svg({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
