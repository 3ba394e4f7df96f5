export { benchWebApp } from '../web/bench.mjs';
