// Screen tests: a typed mock API (MSW) and a renderer, for the `x.test.tsx` beside a screen.
export {
  API_URL,
  apiError,
  apiHandler,
  type ApiRequest,
  hydraCollection,
  server,
  type SuccessBody,
} from './api-mocks';
export { renderScreen, type RenderScreenOptions, useMockApi } from './render-screen';
export { describeRouteTable } from './route-table';
