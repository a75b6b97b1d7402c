import { showSnackbar } from '@portal/ui/snackbar';
import { useCreateNews, useDeleteNews, useUpdateNews } from '@portal/api/news';
import { useState } from 'react';
import { messages } from './messages';
import type { NewsItem } from './news-item';
import type { DuplicateValues } from './schemas';

/** Staff actions on a news item: display toggle, delete, duplicate. */
export function useNewsActions() {
  const [toggling, setToggling] = useState<number | null>(null);
  // Each resolves once the news lists and items are refetched.
  const { mutateAsync: createNews } = useCreateNews();
  const { mutateAsync: updateNews } = useUpdateNews();
  const { mutateAsync: deleteNews } = useDeleteNews();

  const toggleDisplayed = async (news: NewsItem) => {
    if (toggling !== null) return;
    setToggling(news.id);
    try {
      await updateNews({ id: news.id, body: { displayed: !news.displayed } });
      showSnackbar(news.displayed ? messages.displayedOff : messages.displayedOn, 'success');
    } catch {
      showSnackbar(messages.saveFailed, 'error');
    } finally {
      setToggling(null);
    }
  };

  const remove = async (news: NewsItem) => {
    await deleteNews(news.id);
    showSnackbar(messages.deleted, 'success');
  };

  /** The copy keeps the content, image and profiles, and is neither displayed nor featured. */
  const duplicate = async (news: NewsItem, values: DuplicateValues) => {
    const copy = await createNews({
      title: values.title.trim(),
      date: values.date,
      content: news.content,
      imageBank: news.imageBank?.['@id'] ?? null,
      profilesToNotify: news.profilesToNotify,
      displayed: false,
      hasPopup: false,
      sliderDisplayed: false,
    });
    showSnackbar(messages.duplicated, 'success');
    return copy;
  };

  return { toggleDisplayed, toggling, remove, duplicate };
}
