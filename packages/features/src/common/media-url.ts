import { readRuntimeConfig } from '@portal/config/runtime';

/** A file's URL, absolute (the backend answers paths under the API's host, e.g. /media/…). */
export function mediaUrl(contentUrl: string | null | undefined): string {
  if (!contentUrl) return '';
  if (/^(https?:|data:|blob:)/i.test(contentUrl)) return contentUrl;
  return new URL(contentUrl, readRuntimeConfig().mainApiUrl + '/').href;
}
