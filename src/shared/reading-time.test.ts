import { describe, expect, it } from 'vitest';
import type { Paragraph } from './paragraphs.js';
import { countWords, imageReadingSeconds, readingTimeMinutes, READING_WORDS_PER_MINUTE } from './reading-time.js';

const para = (text: string, type: Paragraph['type'] = 'P'): Paragraph => ({ name: 'a1b2', type, text, markups: [] });
const image = (caption = ''): Paragraph => ({
  name: 'c3d4',
  type: 'IMG',
  text: caption,
  markups: [],
  metadata: { id: 'demo/orbit.svg', originalWidth: 1400, originalHeight: 788 },
});
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('countWords', () => {
  it('counts whitespace-separated tokens that hold a letter or digit', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('  Hello,   world!  ')).toBe(2);
    expect(countWords('It was 1956 — and the answer held.')).toBe(7);
    expect(countWords('line one\nline two\ttab')).toBe(5);
  });

  it('counts each character of scripts written without spaces', () => {
    expect(countWords('日本語')).toBe(3);
    expect(countWords('Tokyo 東京')).toBe(3);
  });
});

describe('imageReadingSeconds', () => {
  it('gives 12 s to the first image, one less for each next, never under 3 s', () => {
    expect(imageReadingSeconds(0)).toBe(0);
    expect(imageReadingSeconds(1)).toBe(12);
    expect(imageReadingSeconds(2)).toBe(23);
    expect(imageReadingSeconds(10)).toBe(12 + 11 + 10 + 9 + 8 + 7 + 6 + 5 + 4 + 3);
    expect(imageReadingSeconds(12)).toBe(imageReadingSeconds(10) + 3 + 3);
  });
});

describe('readingTimeMinutes', () => {
  it('reads 265 words a minute', () => {
    expect(READING_WORDS_PER_MINUTE).toBe(265);
    expect(readingTimeMinutes([para(words(265))])).toBeCloseTo(1, 10);
    expect(readingTimeMinutes([para(words(530)), para(words(265), 'BQ')])).toBeCloseTo(3, 10);
  });

  it('returns a fraction, not a rounded number', () => {
    expect(readingTimeMinutes([para(words(100))])).toBeCloseTo(100 / 265, 10);
  });

  it('adds image time', () => {
    const paragraphs = [para(words(265)), image(), image(), image()];
    expect(readingTimeMinutes(paragraphs)).toBeCloseTo(1 + (12 + 11 + 10) / 60, 10);
  });

  it('counts the title, subtitle and captions', () => {
    const minutes = readingTimeMinutes([para(words(200)), image(words(15))], words(30), words(20));
    expect(minutes).toBeCloseTo(265 / 265 + 12 / 60, 10);
  });

  it('does not count an opening paragraph that repeats the title twice', () => {
    const title = 'A Short History of Measuring Deep Time';
    const once = readingTimeMinutes([para(words(50))], title);
    expect(readingTimeMinutes([para(title, 'H3'), para(words(50))], title)).toBeCloseTo(once, 10);
  });

  it('is zero for an empty story', () => {
    expect(readingTimeMinutes([])).toBe(0);
  });
});
