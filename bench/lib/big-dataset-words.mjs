// Word pools for the generated dataset (bench/lib/big-dataset.mjs): names, tags, titles and
// sentences. The generator picks from them with skewed random indexes inside PostgreSQL, so
// the text looks varied without shipping or fetching a corpus.

export const FIRST_NAMES = `Maya Tomas Hannah Ravi Eleanor Kenji Amara Lucas Sofia Mateo Priya Noah Leila Omar Chloe Diego
Ingrid Kwame Yuki Elena Samuel Aisha Jonas Fatima Liam Nadia Marco Zara Felix Ines Daniel Mei Oscar Anya Hugo Chiara Victor
Lena Arjun Rosa Ethan Noor Paul Clara Tariq Julia Sven Alice Kofi Emma Dmitri Lucia Jamal Greta Ravi Hana Leo Amir Nora Max`.split(/\s+/);

export const LAST_NAMES = `Okafor Ferreira Lindqvist Menon Voss Watanabe Adeyemi Rossi Novak Garcia Kim Patel Nguyen Schmidt
Dubois Haddad Larsen Costa Tanaka Mensah Ivanova Silva Kowalski Moreau Jensen Ali Romano Fischer Chen Osei Petrov Santos
Bauer Kaur Murphy Nakamura Diaz Hansen Abebe Weber Russo Sato Lopez Berg Mwangi Young Park Rahman Keller Suzuki Brown Khan`.split(/\s+/);

/** Tag slugs: real-looking topics; the generator combines them with SUFFIXES to reach the pool size. */
export const TOPICS = `programming javascript python data-science machine-learning artificial-intelligence technology
software-engineering web-development design ux productivity startup entrepreneurship business leadership writing
self-improvement psychology mental-health health fitness nutrition relationships parenting education science physics
biology climate-change environment politics economics finance investing cryptocurrency blockchain history philosophy
culture books poetry fiction travel food music film photography art life-lessons life love humor sports careers
marketing social-media media journalism android ios mobile cloud devops kubernetes docker security privacy linux
open-source rust golang java typescript react nodejs databases postgresql data analytics visualization math
product-management remote-work future space neuroscience medicine covid-19 society feminism race equality religion
spirituality mindfulness meditation work creativity innovation gaming virtual-reality robotics self economy`.split(/\s+/);

export const SUFFIXES = `tips for-beginners news ideas guide tutorial careers community history trends tools books research
jobs culture design explained weekly stories advice basics best-practices interviews events podcasts startups questions
myths future jobs-board case-studies newsletters courses conferences mistakes checklists hacks opinion deep-dives`.split(/\s+/);

export const TITLE_OPENERS = [
  'How I Learned to Love', 'Why We Gave Up on', 'What I Learned From', 'The Quiet Truth About',
  'Everything You Need to Know About', 'A Short Guide to', 'Notes on', 'The Case for', 'Stop Ignoring',
  'Ten Lessons From', 'The Hidden Cost of', 'Rethinking', 'Inside', 'Building', 'A Year of', 'The Art of',
  'Against', 'Understanding', 'Beyond',
];

export const TITLE_ADJECTIVES = `Slow Simple Modern Honest Broken Unexpected Small Quiet Remote Open Hard Strange Better Careful
Invisible Lazy Tiny Boring Brilliant Fragile Human Distributed Ordinary Forgotten Real Second`.split(/\s+/);

export const TITLE_NOUNS = `Code Habits Teams Writing Cities Mornings Databases Startups Interviews Feedback Design Money Sleep
Feeds Meetings Careers Gardens Cameras Maps Friendships Deadlines Systems Languages Libraries Networks Promises`.split(/\s+/);

export const SUBTITLES = [
  'What nobody tells you before you start',
  'A practical walk-through with examples',
  'And why it matters more than you think',
  'Notes from a year of doing it the hard way',
  'Three ideas that changed how I work',
  'The short version, with links to the long one',
  'A field guide for the curious',
  'It started as an experiment',
  'Some numbers, some opinions',
  'Lessons I keep relearning',
];

export const SENTENCES = [
  'It took me far longer than I expected to notice the pattern.',
  'Most of the advice you read about this is written by people who never had to ship it.',
  'The first version was slow, ugly and exactly what we needed.',
  'Here is the part that surprised me the most.',
  'We measured everything for a month before changing a single line.',
  'Nobody on the team disagreed, which should have been the first warning sign.',
  'There is a simpler explanation, and it is usually the right one.',
  'I wrote this down so that I would stop forgetting it.',
  'The numbers were clear, but the story behind them was not.',
  'A good default is worth more than a hundred options.',
  'Every shortcut we took came back to visit us a year later.',
  'The best feedback I ever got fit on a sticky note.',
  'What follows is a list of mistakes, roughly in the order I made them.',
  'If you only remember one thing, remember this.',
  'The boring solution worked, and it kept working.',
  'We were not solving the problem we thought we were solving.',
  'It is easy to confuse being busy with making progress.',
  'Writing it out forced me to admit what I did not understand.',
  'The constraint turned out to be the feature.',
  'Small, steady improvements beat heroic rewrites almost every time.',
  'I asked twenty people the same question and got twenty answers.',
  'Then the data came back, and it told a different story.',
  'Sometimes the kindest thing you can do for a project is to end it.',
  'There is no substitute for watching someone use what you built.',
];

export const BIOS = [
  'Writer and engineer. I write about the things I wish I had known earlier.',
  'Designer, reader, occasional runner.',
  'Thinking out loud about work, cities and software.',
  'Editor by day. Notes on books and ideas.',
  'Building small tools for big teams.',
  'Curious about science and how we tell stories about it.',
];

/** Illustrations shipped in public/demo/, so preview images resolve without uploads. */
export const DEMO_IMAGES = ['boundary', 'btree', 'contours', 'first-light', 'northbound', 'orbit', 'rooftops', 'tide-lines', 'whitespace'].map((n) => `demo/${n}.svg`);
