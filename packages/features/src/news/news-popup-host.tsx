import { listPopupNewsQuery, useClearLoginAgent, useMarkPopupNewsRead } from '@portal/api/news';
import { useSessionStore } from '@portal/auth';
import { useRestoreFocus } from '@portal/ui/restore-focus';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { newsImageUrl } from './news-item';
import { messages } from './messages';
import { NewsPopup, type NewsPopupItem } from './news-popup';

type PopupItem = NewsPopupItem & { entryId: number };

/**
 * The news popup after an agent signs in while `onLoginAgent` is set (spec §4): the unread
 * popup news one by one. 'Lu' marks the item read, 'Reporter' leaves it unread; once the last
 * one is handled the flag is cleared (backend and session store). 'Reporter tout' closes the
 * popup for this session only: the backend flag stays, so they all show at the next sign-in.
 */
/** The page's h1 (made focusable from script), where reading starts again. */
function pageHeading() {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  return heading;
}

export function NewsPopupHost() {
  const popup = useQuery(listPopupNewsQuery());
  const [closed, setClosed] = useState(false);
  const clearing = useRef(false);
  // A failed mark leaves the item unread: it comes back at the next sign-in.
  const markRead = useMarkPopupNewsRead();

  const items: PopupItem[] = useMemo(
    () =>
      (popup.data ?? []).map(({ entryId, news }) => ({
        id: news.id,
        entryId,
        title: news.title,
        content: news.content,
        imageUrl: newsImageUrl(news),
      })),
    [popup.data],
  );

  /** The popup is done for this session: the flag is cleared in the session store. */
  const closeForSession = useCallback(() => {
    const { session, setSession } = useSessionStore.getState();
    if (session) setSession({ ...session, onLoginAgent: false });
  }, []);
  const { mutate: clearLoginAgent } = useClearLoginAgent({ onSettled: closeForSession });
  /** Every item was handled: the flag is cleared on the backend too. */
  const clearFlag = useCallback(() => {
    if (clearing.current) return;
    clearing.current = true;
    clearLoginAgent();
  }, [clearLoginAgent]);
  const finish = () => {
    setClosed(true);
    clearFlag();
  };
  // 'Reporter tout' (or Escape): nothing is read and the backend flag stays, so the items
  // come back at the next sign-in; this session is left alone.
  const postponeAll = () => {
    setClosed(true);
    closeForSession();
  };

  // Nothing to show: the flag has done its job.
  const empty = popup.isSuccess && items.length === 0;
  useEffect(() => {
    if (empty) clearFlag();
  }, [empty, clearFlag]);

  const open = popup.isSuccess && !closed;
  // Opened on its own after sign-in: once closed, focus goes to the page's heading, not the body.
  useRestoreFocus(open, pageHeading);

  return (
    <NewsPopup
      open={open}
      items={items}
      onRead={(item) => markRead.mutate(item.entryId)}
      onPostponeAll={postponeAll}
      onFinish={finish}
      labels={{ progress: messages.popupProgress }}
    />
  );
}

export default NewsPopupHost;
