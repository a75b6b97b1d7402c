// The news cards and carousel other features compose (the agent home's slider), without the
// list screens: compositions of the kit's MediaCard and Carousel.
export { isRecent, NewsCard, NewsCardActions, type NewsCardProps } from './news-card';
export { NewsSlider, NewsSliderPlaceholder, type NewsSlide } from './news-slider';
