// Staff screens of the news: list with actions, detail with actions, create and edit forms.
export { NewsCreatePage, NewsEditPage, StaffNewsDetailPage } from './news-pages';
export { StaffNewsPage } from './staff-news-page';
