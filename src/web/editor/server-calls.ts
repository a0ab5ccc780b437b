/**
 * The editor's calls to the server (GraphQL through the page's Apollo client, and the
 * image upload endpoint), each answering what happened in words the editor can show:
 * the result, or whether it failed for want of a network (worth retrying) or because the
 * server refused (not worth retrying as it is).
 */
import type { DocumentNode } from 'graphql';
import type { BrowserData } from '../apollo/browser-data.js';
import type { Paragraph } from '../../shared/paragraphs.js';

export const OFFLINE_MESSAGE = 'Not saved: you appear to be offline. Retrying…';
export const UNREACHABLE_MESSAGE = 'Not saved: the server could not be reached. Retrying…';
export const SIGNED_OUT_MESSAGE = 'Not saved: you were signed out. Sign in again in another tab; your story stays here.';
export const TRY_AGAIN_MESSAGE = 'Something went wrong. Please try again.';

export type CallResult<T> = { ok: true; value: T } | { ok: false; offline: boolean; message: string };

type Result = { __typename: string; message?: string } & Record<string, unknown>;

function graphqlErrors(error: unknown): { message?: string; extensions?: { code?: unknown } }[] | null {
  const errors = (error as { errors?: unknown } | null | undefined)?.errors;
  return Array.isArray(errors) ? errors : null;
}

/** Why a request failed, for a person: offline, the server away, signed out, or its message. */
function failure(error: unknown): { ok: false; offline: boolean; message: string } {
  const errors = graphqlErrors(error);
  if (!errors) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return { ok: false, offline: true, message: offline ? OFFLINE_MESSAGE : UNREACHABLE_MESSAGE };
  }
  if (errors.some((e) => e.extensions?.code === 'UNAUTHORIZED')) return { ok: false, offline: false, message: SIGNED_OUT_MESSAGE };
  return { ok: false, offline: false, message: errors[0]?.message || TRY_AGAIN_MESSAGE };
}

/** Runs one mutation (never cached) and returns its top field. */
export async function callMutation<T extends Result>(loadData: () => Promise<BrowserData>, mutation: DocumentNode, variables: Record<string, unknown>, field: string): Promise<CallResult<T>> {
  try {
    const { client } = await loadData();
    const { data, error } = await client.mutate({ mutation, variables, fetchPolicy: 'no-cache' });
    const value = (data as Record<string, T> | null | undefined)?.[field];
    return value ? { ok: true, value } : failure(error);
  } catch (error) {
    return failure(error);
  }
}

/** Runs one query against the server (not the cache: an editor must start from the latest). */
export async function callQuery<T>(loadData: () => Promise<BrowserData>, query: DocumentNode, variables: Record<string, unknown>): Promise<CallResult<T>> {
  try {
    const { client } = await loadData();
    const { data, error } = await client.query({ query, variables, fetchPolicy: 'network-only' });
    return data ? { ok: true, value: data as T } : failure(error);
  } catch (error) {
    return failure(error);
  }
}

/**
 * A paragraph as ParagraphInput: only the fields of its type, nothing the server did not
 * ask for (the cache's __typename), and unknown embed sizes left to the server's default.
 */
export function toParagraphInput(p: Paragraph): Record<string, unknown> {
  const input: Record<string, unknown> = {
    name: p.name,
    type: p.type,
    text: p.text,
    markups: p.markups.map((m) => (m.type === 'A' ? { type: m.type, start: m.start, end: m.end, href: m.href } : { type: m.type, start: m.start, end: m.end })),
  };
  if (p.type === 'IMG' && p.metadata) {
    const m = p.metadata;
    input.layout = p.layout ?? 'INSET_CENTER';
    input.metadata = {
      id: m.id,
      originalWidth: m.originalWidth,
      originalHeight: m.originalHeight,
      ...(m.alt ? { alt: m.alt } : {}),
      ...(m.focusPercentX != null ? { focusPercentX: m.focusPercentX } : {}),
      ...(m.focusPercentY != null ? { focusPercentY: m.focusPercentY } : {}),
    };
  }
  if (p.type === 'PRE' && p.codeBlockMetadata?.lang) input.codeBlockMetadata = { lang: p.codeBlockMetadata.lang };
  if (p.type === 'IFRAME' && p.iframe) {
    const f = p.iframe;
    input.iframe = { src: f.src, title: f.title || null, width: f.width > 0 ? f.width : null, height: f.height > 0 ? f.height : null };
  }
  if (p.type === 'MIXTAPE_EMBED' && p.mixtapeMetadata) {
    const m = p.mixtapeMetadata;
    input.mixtapeMetadata = { href: m.href, title: m.title, description: m.description, ...(m.thumbnailImageId ? { thumbnailImageId: m.thumbnailImageId } : {}) };
  }
  return input;
}

/** A paragraph as GraphQL returns it (with __typename and nulls) in the model's shape. */
export function fromParagraphResult(p: Record<string, unknown>): Paragraph {
  const r = p as unknown as Paragraph & Record<string, unknown>;
  const out: Paragraph = {
    name: r.name,
    type: r.type,
    text: r.text ?? '',
    markups: (r.markups ?? []).map((m) => (m.type === 'A' ? { type: 'A', start: m.start, end: m.end, href: m.href ?? '' } : { type: m.type, start: m.start, end: m.end })),
  };
  if (r.layout) out.layout = r.layout;
  if (r.metadata) {
    const m = r.metadata;
    out.metadata = { id: m.id, originalWidth: m.originalWidth, originalHeight: m.originalHeight };
    if (m.alt) out.metadata.alt = m.alt;
    if (m.focusPercentX != null) out.metadata.focusPercentX = m.focusPercentX;
    if (m.focusPercentY != null) out.metadata.focusPercentY = m.focusPercentY;
  }
  if (r.codeBlockMetadata?.lang) out.codeBlockMetadata = { lang: r.codeBlockMetadata.lang };
  if (r.iframe) out.iframe = { src: r.iframe.src, width: r.iframe.width, height: r.iframe.height, title: r.iframe.title };
  if (r.mixtapeMetadata) {
    const m = r.mixtapeMetadata;
    out.mixtapeMetadata = { href: m.href, title: m.title, description: m.description };
    if (m.thumbnailImageId) out.mixtapeMetadata.thumbnailImageId = m.thumbnailImageId;
  }
  return out;
}

// The upload lives with the other pages' code (settings upload profile photos too).
export { uploadImage, UPLOAD_PATH, type UploadedImage } from '../lib/upload-image.js';
