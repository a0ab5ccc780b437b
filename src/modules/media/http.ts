import type { FastifyInstance } from 'fastify';
import type { BlobStorage } from '../../platform/storage/index.js';
import { registerServeRoute } from './serve-http.js';
import { createMediaService, type MediaService } from './service.js';
import { registerUploadRoute } from './upload-http.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded images: storage, row lookup, image-work gate (other modules store images through storeUploadedImage). */
    media: MediaService;
  }
}

/** Uploads (`POST /_/upload`) and serving (`GET /media/{id}`); `storage` replaces the local-disk default. */
export async function registerMediaRoutes(app: FastifyInstance, opts: { storage?: BlobStorage } = {}): Promise<void> {
  const media = createMediaService(app.db, app.config, opts.storage);
  app.decorate('media', media);
  await registerUploadRoute(app, media);
  registerServeRoute(app, media);
}
