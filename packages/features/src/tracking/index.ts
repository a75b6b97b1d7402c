export { describeClick, isTrackedPath, type TrackingEvent } from './events';
export { BATCH_SIZE, createTracker, type Tracker, type TrackerOptions } from './tracker';
export { useTracking } from './use-tracking';
