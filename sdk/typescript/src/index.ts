export { createClient, ok, type ClientOptions, type DealEngineClient, type SearchEvent, type SearchRequest } from './client.js';
export { DealEngineError, type ValidationIssue, type ErrorBody } from './errors.js';
export { readSseData } from './sse.js';
export { FlightBoard, type Flight, type FlightSlice, type StreamedFlight } from './flight-board.js';
export { IDEMPOTENT_ROUTES } from './generated/idempotent-routes.js';
export type { paths, components, operations } from './generated/schema.js';
