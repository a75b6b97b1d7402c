import { showSnackbar } from '@portal/ui/snackbar';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from './messages';
import { createNews, deleteNews, updateNews } from './news-api';
import type { NewsItem } from './news-item';
import { newsQueryRoots } from './news-queries';
import type { DuplicateValues } from './schemas';

/** Staff actions on a news item: display toggle, delete, duplicate. */
export function useNewsActions() {
  const queryClient = useQueryClient();
  const [toggling, setToggling] = useState<number | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: newsQueryRoots.news }),
      queryClient.invalidateQueries({ queryKey: newsQueryRoots.newsItem }),
    ]);

  const toggleDisplayed = async (news: NewsItem) => {
    if (toggling !== null) return;
    setToggling(news.id);
    try {
      await updateNews(news.id, { displayed: !news.displayed });
      showSnackbar(news.displayed ? messages.displayedOff : messages.displayedOn, 'success');
      await refresh();
    } catch {
      showSnackbar(messages.saveFailed, 'error');
    } finally {
      setToggling(null);
    }
  };

  const remove = async (news: NewsItem) => {
    await deleteNews(news.id);
    queryClient.removeQueries({ queryKey: [...newsQueryRoots.newsItem, news.id] });
    showSnackbar(messages.deleted, 'success');
    await refresh();
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
    await refresh();
    return copy;
  };

  return { toggleDisplayed, toggling, remove, duplicate };
}
