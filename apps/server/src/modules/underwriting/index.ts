// The underwriting module's public surface for other modules (decision 170): its plugin and its
// service.
export { underwritingRoutes } from './underwriting.routes';
export * from './underwriting.service';
