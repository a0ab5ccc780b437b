/**
 * The demo writers and their stories, seeded into an empty database (seed-demo.ts).
 * Stories live in one file per topic; each file holds five stories by one writer, so
 * every fifth story (the staff picks) comes from a different writer.
 */
import type { DemoStory, DemoWriter } from './demo-builders.js';
import { PROGRAMMING_STORIES } from './demo-stories-programming.js';
import { DATABASE_STORIES } from './demo-stories-databases.js';
import { WRITING_STORIES } from './demo-stories-writing.js';
import { DESIGN_STORIES } from './demo-stories-design.js';
import { SCIENCE_STORIES } from './demo-stories-science.js';
import { TRAVEL_FOOD_STORIES } from './demo-stories-travel-food.js';

export type { DemoStory, DemoWriter } from './demo-builders.js';

export const DEMO_WRITERS: DemoWriter[] = [
  {
    name: 'Maya Okafor',
    username: 'mayaokafor',
    bio: 'Staff engineer working on developer tools. I write about TypeScript, debugging, and the human side of code.',
    pronouns: ['she', 'her'],
    imageId: 'demo/avatar-maya.svg',
  },
  {
    name: 'Tomás Ferreira',
    username: 'tomas_ferreira',
    bio: 'Database engineer in Lisbon. Fifteen years of PostgreSQL, and still surprised by it every week.',
    pronouns: ['he', 'him'],
    imageId: 'demo/avatar-tomas.svg',
  },
  {
    name: 'Hannah Lindqvist',
    username: 'hannahlindqvist',
    bio: 'Novelist and writing teacher. Notes on craft, revision, and showing up to the page.',
    pronouns: ['she', 'her'],
    imageId: 'demo/avatar-hannah.svg',
  },
  {
    name: 'Ravi Menon',
    username: 'ravimenon',
    bio: 'Product designer. Interested in typography, accessibility, and interfaces that respect people’s time.',
    pronouns: ['he', 'him'],
    imageId: 'demo/avatar-ravi.svg',
  },
  {
    name: 'Eleanor Voss',
    username: 'eleanorvoss',
    bio: 'Former lab biologist, now a science writer. I explain how we know what we know.',
    pronouns: ['she', 'they'],
    imageId: 'demo/avatar-eleanor.svg',
  },
  {
    name: 'Kenji Watanabe',
    username: 'kenji_w',
    bio: 'Cook, slow traveller, occasional train spotter. Writing about food and the places it comes from.',
    pronouns: [],
    imageId: 'demo/avatar-kenji.svg',
  },
];

export const DEMO_STORIES: DemoStory[] = [
  ...PROGRAMMING_STORIES,
  ...DATABASE_STORIES,
  ...WRITING_STORIES,
  ...DESIGN_STORIES,
  ...SCIENCE_STORIES,
  ...TRAVEL_FOOD_STORIES,
];
