/**
 * What search engines and sharing previews read besides the pages: /robots.txt, the
 * sitemaps (/sitemap/sitemap.xml and its files) and the site's raster images (shared/brand.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { projectRoot } from '../../platform/project-root.js';
import { isDemoImageId } from '../../shared/images.js';
import { sendWithValidators } from '../../platform/http/conditional-get.js';
import { DEMO_RASTER_BASE_PATH, FEED_LOGO_PATH, SHARE_CARD_PATH } from '../../shared/brand.js';
import { demoIllustrationPng, feedLogoPng, shareCardPng } from './brand-images.js';
import { robotsTxt } from './robots.js';
import { createSitemaps } from './sitemaps.js';
import { renderSitemapIndex, renderUrlset } from './sitemap-xml.js';

const SITEMAP_INDEX_PATH = '/sitemap/sitemap.xml';
const SITEMAP_FILE = /^sitemap-([a-z]+)-([1-9][0-9]{0,8})\.xml$/;
const XML = 'application/xml; charset=utf-8';
const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('Not found.');

export function registerDiscoveryRoutes(app: FastifyInstance): void {
  const { config, db } = app;
  const origin = `${config.PUBLIC_PROTOCOL}://${config.mainHost}`;
  const sitemaps = createSitemaps(db);

  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(origin)));

  app.get(SITEMAP_INDEX_PATH, async (request, reply) => {
    const files = await sitemaps.files();
    const body = renderSitemapIndex(files.map((f) => ({ loc: `${origin}/sitemap/sitemap-${f.part}-${f.number}.xml`, lastmod: f.lastmod })));
    const newest = files.reduce<Date | null>((m, f) => (f.lastmod && (!m || f.lastmod > m) ? f.lastmod : m), null);
    return sendWithValidators(request, reply.type(XML).header('cache-control', 'public, max-age=600'), body, newest ?? undefined);
  });

  app.get('/sitemap/:file', async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const match = SITEMAP_FILE.exec(request.params.file);
    const file = match ? await sitemaps.file(match[1]!, Number(match[2]), origin) : null;
    if (!file) return notFound(reply);
    return sendWithValidators(request, reply.type(XML).header('cache-control', 'public, max-age=600'), renderUrlset(file.entries), file.lastmod ?? undefined);
  });

  // Made on first request and kept: they change only with the site's name, at a restart.
  const image = (path: string, make: () => Promise<Buffer>) => {
    let png: Promise<Buffer> | null = null;
    app.get(path, async (_request, reply) => {
      png ??= make().catch((err: unknown) => {
        png = null;
        throw err;
      });
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(await png);
    });
  };
  image(SHARE_CARD_PATH, () => shareCardPng(config.SITE_NAME));
  image(FEED_LOGO_PATH, feedLogoPng);

  // The demo illustrations, for the demo stories' and writers' cards: a few shipped files, each kept once made.
  const demoDir = path.join(projectRoot(), 'public', 'demo');
  const demoPngs = new Map<string, Promise<Buffer>>();
  app.get(`${DEMO_RASTER_BASE_PATH}:file`, async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const name = DEMO_PNG.exec(request.params.file)?.[1];
    const svg = name ? path.join(demoDir, `${name}.svg`) : null;
    if (!svg || !isDemoImageId(`demo/${name}.svg`) || !fs.existsSync(svg)) return notFound(reply);
    let png = demoPngs.get(svg);
    if (!png) {
      png = fs.promises.readFile(svg).then(demoIllustrationPng);
      png.catch(() => demoPngs.delete(svg));
      demoPngs.set(svg, png);
    }
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(await png);
  });
}

const DEMO_PNG = /^([a-z0-9][a-z0-9._-]*)\.png$/i;
