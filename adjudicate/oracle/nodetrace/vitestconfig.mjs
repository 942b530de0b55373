// bond's vitest config for a run whose calls the value trace records (issue 28, witness value;
// nodetrace/vitest.go writes it into the run's trace directory and the run gets it through
// --config). vitest 3 takes no setup files on its command line: this config loads the project's
// own (bundled by vite from where it lies, so its relative imports and paths read as before),
// and hands it back with bond's setup file first among test.setupFiles and the project's own
// after it, in their order. A config bond cannot serve is handed back unchanged, with the reason
// written beside this file for bond to report: several projects (bond's file would reach the
// root config only), browser mode (the setup file needs Node's fs).
import { writeFileSync } from 'node:fs';
const base = {}; // BASE
const setup = 'SETUP';
const refused = 'REFUSED';

function refuse(why) {
  try { writeFileSync(refused, why, { flag: 'wx' }); } catch (_) { }
}

export default async function (env) {
  let c = base;
  if (typeof c === 'function') c = await c(env);
  c = await c;
  if (c === null || c === undefined) c = {};
  if (typeof c !== 'object') {
    refuse('its config exports no object bond can read');
    return c;
  }
  const t = c.test === undefined || c.test === null ? {} : c.test;
  if (t.projects !== undefined) {
    refuse('its config defines test.projects, and bond puts its setup file in a config of one project only');
    return c;
  }
  if (t.workspace !== undefined) {
    refuse('its config names a workspace (test.workspace), and bond puts its setup file in a config of one project only');
    return c;
  }
  if (t.browser && t.browser.enabled) {
    refuse('its config runs the tests in a browser (test.browser.enabled), where bond\'s setup file cannot write its trace');
    return c;
  }
  const own = t.setupFiles === undefined || t.setupFiles === null ? [] : Array.isArray(t.setupFiles) ? t.setupFiles : [t.setupFiles];
  return { ...c, test: { ...t, setupFiles: [setup, ...own] } };
}
