// @ts-check
/**
 * `npm start`, the two-command default: builds what changed, then runs the compiled
 * server in this process. Each part (web app, server) is built again only when one of
 * its inputs changed (its stamp, scripts/build.mjs). Needs the development dependencies;
 * a release runs `npm run serve`.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { buildServer, buildWeb, isUpToDate, serverDist, timed } from './build.mjs';

const [webUpToDate, serverUpToDate] = await Promise.all([isUpToDate('web'), isUpToDate('server')]);
if (webUpToDate) console.log('web app up to date (apps/web/dist)');
else await timed('web app built into apps/web/dist', buildWeb);
if (serverUpToDate) console.log('server up to date (apps/server/dist)');
else await timed('server built into apps/server/dist', buildServer);
await import(pathToFileURL(path.join(serverDist, 'main.mjs')).href);
