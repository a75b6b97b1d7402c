import type { components } from '@portal/api/main';
import { readRuntimeConfig } from '@portal/config/runtime';

/** A news item (spec §3). */
export type NewsItem = components['schemas']['News'];
/** One entry of the user's news list: read state and the news. */
export type NewsListEntry = components['schemas']['NewsList'];

/**
 * The URL of a media object, absolute (the backend may answer a path under its own host).
 * Kept here rather than taken from the pictures feature so the agent's news pages do not
 * pull in the image bank screens.
 */
export function newsImageUrl(news: Pick<NewsItem, 'imageBank'>): string | null {
  const contentUrl = news.imageBank?.mediaObject?.contentUrl;
  if (!contentUrl) return null;
  if (/^(https?:|data:|blob:)/i.test(contentUrl)) return contentUrl;
  return new URL(contentUrl, readRuntimeConfig().mainApiUrl + '/').href;
}

/** A short plain-text excerpt of rich content, for cards (never injected as HTML). */
export function newsExcerpt(content: string | null | undefined, length = 160): string {
  if (!content) return '';
  const text = content
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}
