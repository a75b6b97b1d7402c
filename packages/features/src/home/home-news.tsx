import { listNewsQuery } from '@portal/api/news';
import { Alert } from '@portal/ui/alert';
import { NewsSlider, NewsSliderPlaceholder } from '../news/cards';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { newsExcerpt, newsImageUrl } from '../news';
import { agentPaths } from '../paths';
import { messages } from './messages';

/** Home block `home_news`: the carousel news (at most 3), rotating every 5 s, pausable. */
export function HomeNews() {
  const [, navigate] = useLocation();
  const slider = useQuery(
    listNewsQuery({ sliderDisplayed: 'true', displayed: 'true', itemsPerPage: 3 }),
  );
  const slides = (slider.data?.['hydra:member'] ?? []).slice(0, 3).map((news) => ({
    id: news.id,
    title: news.title,
    date: news.date,
    imageUrl: newsImageUrl(news),
    excerpt: newsExcerpt(news.content, 140),
    href: agentPaths.newsDetail(news.id),
  }));

  return (
    <section aria-labelledby="home-news-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="home-news-title" className="text-xl font-semibold text-ink">
          {messages.newsTitle}
        </h2>
        <Link href={agentPaths.newsList} className="text-sm font-semibold text-brand-700 underline">
          {messages.allNews}
        </Link>
      </div>
      {slider.isPending && <NewsSliderPlaceholder label={messages.loading} />}
      {slider.isError && <Alert variant="error">{messages.error(slider.error.message)}</Alert>}
      {slider.isSuccess && slides.length === 0 && (
        <p className="text-sm text-muted">{messages.noSliderNews}</p>
      )}
      <NewsSlider
        items={slides}
        onOpen={(slide, event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          if (slide.href) navigate(slide.href);
        }}
      />
    </section>
  );
}
