// A loader of the command's own, registered after bond's hooks (so it runs first), that resolves
// every import past bond's wrappers: what a loader rewriting URLs would do.
import { register } from 'node:module';

register('data:text/javascript,' + encodeURIComponent(
  'export async function resolve(s, c, next) { const r = await next(s, c); return { url: r.url.replace(/[?&]bond-value=[^&]*/, ""), shortCircuit: true }; }'));
