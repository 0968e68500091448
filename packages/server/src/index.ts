export { type AppOptions, createApp } from './app.js';
export { escapeHtml } from './html.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';
export { createLogger, type Logger } from './logging.js';
export { type RunningServer, type ServerOptions, ServerStartError, startServer } from './server.js';
export {
  allSettings,
  type ResolvedSettings,
  readConfigFile,
  resolveSettings,
  type Setting,
  type SettingSources,
  type Settings,
} from './settings.js';
export { clientHop, type ProxyTrust, parseTrustProxy } from './trustProxy.js';
export { DEFAULT_WEB_ROOT, WEB_BUILD_COMMAND } from './web-files.js';
