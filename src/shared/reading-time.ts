/**
 * Estimated reading time of a story (spec §9 "reading time"), by the rule Medium
 * publishes: the word count at 265 words per minute, plus time for each image: 12 s for
 * the first, 11 s for the second, one second less for each next image, and 3 s for every
 * image from the tenth on. Formatting ('N min read') lives with the components.
 */
import type { Paragraph } from './paragraphs.js';

export const READING_WORDS_PER_MINUTE = 265;
export const FIRST_IMAGE_SECONDS = 12;
export const MIN_IMAGE_SECONDS = 3;

// Scripts written without spaces between words: each character reads as about a word.
const UNSPACED_SCRIPT_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const WORDLIKE = /[\p{L}\p{N}]/u;

/** Words in a text: whitespace-separated tokens holding a letter or digit ('—' is not one). */
export function countWords(text: string): number {
  if (!text) return 0;
  let count = 0;
  const unspaced = text.match(UNSPACED_SCRIPT_CHAR);
  if (unspaced) count += unspaced.length;
  const rest = unspaced ? text.replace(UNSPACED_SCRIPT_CHAR, ' ') : text;
  for (const token of rest.split(/\s+/)) {
    if (WORDLIKE.test(token)) count++;
  }
  return count;
}

/** Seconds to look at `count` images: 12 + 11 + 10 + … with each image at least 3. */
export function imageReadingSeconds(count: number): number {
  let seconds = 0;
  for (let i = 0; i < count; i++) seconds += Math.max(FIRST_IMAGE_SECONDS - i, MIN_IMAGE_SECONDS);
  return seconds;
}

/**
 * Reading time in minutes, fractional (round when displaying). Counts the title, the
 * subtitle and the text of every paragraph (captions included). An opening paragraph
 * that repeats the title or subtitle, as imported stories often do, is not counted twice.
 */
export function readingTimeMinutes(paragraphs: readonly Paragraph[], title?: string, subtitle?: string): number {
  const repeated = new Set([title, subtitle].map((t) => t?.trim()).filter((t): t is string => !!t));
  let words = countWords(title ?? '') + countWords(subtitle ?? '');
  let images = 0;
  paragraphs.forEach((p, index) => {
    if (p.type === 'IMG') images++;
    const text = p.text ?? '';
    if (index < 2 && repeated.has(text.trim())) return;
    words += countWords(text);
  });
  return words / READING_WORDS_PER_MINUTE + imageReadingSeconds(images) / 60;
}
