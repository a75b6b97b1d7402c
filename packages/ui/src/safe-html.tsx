import { useMemo, type ComponentProps } from 'react';
import { plainTextToHtml, sanitizeHtml } from './sanitize';

export { looksLikeHtml, plainTextToHtml, sanitizeHtml } from './sanitize';

export type SafeHtmlProps = Omit<ComponentProps<'div'>, 'children' | 'dangerouslySetInnerHTML'> & {
  /** Untrusted rich HTML, e.g. a news item's content. */
  html: string | null | undefined;
  /** Turn line breaks of tag-free text into `<br>` first (legacy plain-text content). */
  plainText?: boolean;
};

/**
 * The only way the kit renders rich HTML: always through DOMPurify (see `sanitizeHtml`).
 * Styled as prose (headings, lists, links) with the theme's colours.
 */
export function SafeHtml({ html, plainText = true, className = '', ...props }: SafeHtmlProps) {
  const clean = useMemo(
    () => sanitizeHtml(plainText ? plainTextToHtml(html) : html),
    [html, plainText],
  );
  return (
    <div
      {...props}
      className={`space-y-3 text-ink break-words [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-brand-100 [&_blockquote]:pl-4 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
