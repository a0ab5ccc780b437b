import { bq, em, h3, img, link, mono, ol, p, pq, pre, story, strong, ul, type DemoStory } from './demo-builders.js';

const author = 'ravimenon';

export const DESIGN_STORIES: DemoStory[] = [
  story(
    {
      author,
      title: 'Whitespace Is Not Empty',
      subtitle: '“We have room here, let’s add something” is the most expensive sentence in product design.',
      tags: ['Design', 'UX', 'Typography', 'Visual Design'],
      daysAgo: 14,
    },
    img(
      'whitespace',
      'Space is what lets each element be seen on its own terms.',
      'Three rectangles of different sizes arranged with generous gaps on a pale background',
      'OUTSET_CENTER',
    ),
    p(
      'Every design review has a moment when someone points at an area of the screen and says, “We have room here, let’s add something.” It is the most expensive sentence in product design.',
      em('We have room here'),
    ),
    p(
      'Whitespace, or negative space, is not the absence of design. It is the part of the layout that tells the eye where one idea ends and the next begins.',
      strong('is not the absence of design'),
    ),
    h3('Space is grouping'),
    p(
      'The Gestalt principle of proximity says that things close together are read as belonging together. That means the gaps in your layout are making claims. A label equidistant between two fields belongs to neither. A card with the same padding inside as the gap outside looks like it is leaking.',
    ),
    p(
      'A simple rule helps: space between groups should be clearly larger than space within them, usually about double. If you can change only one thing about a cluttered screen, fix that ratio.',
      strong('usually about double'),
    ),
    pq('Whitespace is the design choice that makes every other choice visible.'),
    h3('Space is pace'),
    p(
      'In long-form reading, generous line height and margins slow the eye just enough to keep it from skipping. A column of about 65 characters, with a line height around one and a half times the font size, is comfortable for most people and most typefaces.',
    ),
    p(
      'None of this means minimalism for its own sake. Dense interfaces have their place: trading screens, code editors, spreadsheets. But density should be a decision made for the people using the tool, not a side effect of filling every gap.',
    ),
  ),

  story(
    {
      author,
      title: 'Designing for the Tired User',
      subtitle: 'We design for someone rested and focused. Our users are on a bus, at the end of a shift, holding a toddler.',
      tags: ['UX', 'Design', 'Accessibility', 'Product Design'],
      daysAgo: 48,
    },
    img('contours', 'Attention rises and falls through the day, like terrain.', 'Concentric contour lines in muted greens and blues'),
    p(
      'We design for an imaginary person: rested, focused, on a fast connection, with both hands free. Then real people use our products at the end of a shift, one-handed on a bus, with a toddler pulling at their sleeve.',
    ),
    p(
      'I have started asking a different question in reviews: would this work for someone who is exhausted? It has turned out to be one of the most productive questions in design.',
      em('exhausted'),
    ),
    h3('What tiredness changes'),
    ul(
      'Working memory shrinks, so anything a person must remember between screens will be forgotten.',
      'Reading turns into scanning, so the first two words of every label carry the meaning.',
      'Fine motor control drops, so small or crowded tap targets get missed.',
      'Patience runs out, so every unexpected dialog feels like an obstacle.',
    ),
    h3('Design responses'),
    p(
      'Show rather than ask people to recall: keep the choices they made visible on the next step. Put the important verb first in button labels. Make touch targets at least 44 by 44 points, as Apple’s guidelines have recommended for years. And prefer undo to confirmation dialogs, so a mistake costs a tap rather than a moment of doubt before every action.',
      link('Apple’s guidelines', 'https://developer.apple.com/design/human-interface-guidelines/accessibility'),
    ),
    bq('Accessibility is not a feature for other people. It describes all of us at some point in the day.'),
    p('Designing for the tired user does not mean designing for a lesser user. It means designing for the one you actually have.'),
  ),

  story(
    {
      author,
      title: 'A Type Scale You Can Actually Remember',
      subtitle: 'Thirty font sizes in production means nobody decided anything. Six sizes and one ratio fix that.',
      tags: ['Typography', 'Design', 'CSS', 'Web Development'],
      daysAgo: 88,
    },
    p(
      'Most design systems I audit have somewhere between fourteen and thirty font sizes in production. Nobody chose that many. They accumulated, one “just make it a bit bigger” at a time.',
    ),
    p(
      'A type scale is the cure: a small set of sizes related by a single ratio, so every size looks as though it belongs with the others.',
      strong('a single ratio'),
    ),
    h3('Pick a ratio, then round'),
    p(
      'Start from your body size, say 16 pixels, and multiply up by a ratio such as 1.25. You get 20, 25, 31, 39. Round to whole pixels, keep five or six steps, and resist adding more. If a heading needs to stand out, try weight or spacing before size.',
    ),
    pre(
      'css',
      ':root {',
      '  --text-sm: 0.875rem;',
      '  --text-base: 1rem;',
      '  --text-lg: 1.25rem;',
      '  --text-xl: 1.5625rem;',
      '  --text-2xl: 1.9375rem;',
      '  --text-3xl: 2.4375rem;',
      '}',
      '',
      'h1 { font-size: var(--text-3xl); line-height: 1.15; }',
      'p { font-size: var(--text-base); line-height: 1.6; }',
    ),
    p(
      'Name sizes by their position in the scale rather than by their use. A token called --text-lg can serve a card title and a pull quote; one called --card-title invites a twin called --card-title-large.',
      mono('--text-lg'),
      mono('--card-title'),
      mono('--card-title-large'),
    ),
    h3('Line height shrinks as size grows'),
    p(
      'Body text needs generous line height to guide the eye from one line to the next. Large headings need much less, or their lines drift apart and stop reading as one heading. A line height of 1.6 for body text and around 1.15 for display sizes is a good place to start.',
    ),
    pq('Constraint is a gift. Six sizes force you to decide what matters; thirty let you avoid deciding.'),
    p(
      'Once the scale exists, enforce it gently: a lint rule that flags raw pixel sizes in stylesheets catches most of the drift before it ships.',
    ),
  ),

  story(
    {
      author,
      title: 'Color Contrast Is a Feature, Not a Constraint',
      subtitle: 'Pale grey on white looks elegant in a mockup and invisible on a phone in the sun.',
      tags: ['Accessibility', 'Design', 'Color', 'Web Development'],
      daysAgo: 131,
    },
    p(
      'Light grey text on a white background looks elegant in a mockup. It looks like nothing at all on a phone in sunlight, or to the many readers whose eyesight is less sharp than the designer’s.',
    ),
    p(
      'The Web Content Accessibility Guidelines give us a number for this: a contrast ratio of at least 4.5 to 1 for body text, and 3 to 1 for large text. It is one of the few accessibility requirements you can check with arithmetic.',
      link('Web Content Accessibility Guidelines', 'https://www.w3.org/TR/WCAG22/#contrast-minimum'),
      strong('4.5 to 1'),
    ),
    h3('Contrast helps everyone'),
    p(
      'We talk about contrast as an accommodation, but the people who benefit are everywhere: people on cheap screens, people outdoors, people over forty, people who are tired. Designing to the guideline is designing for the real conditions of the median reader.',
    ),
    pq('If your palette only works in a dark room on a good monitor, it does not work.'),
    h3('Keeping the mood'),
    p('Meeting the ratio does not mean everything must be black on white. A few techniques keep a soft palette accessible:'),
    ul(
      'Darken the text, not the background; a deep warm grey passes where a mid grey fails.',
      'Reserve low-contrast colors for decoration that carries no meaning.',
      'Never rely on color alone: pair a red error with an icon and a message.',
      'Check hover, focus, and disabled states, not just the default one.',
    ),
    p(
      'Put a contrast checker in your design tool and in your CI. Once it is automatic, contrast stops being a debate and becomes a property of the system, like spacing or type.',
    ),
  ),

  story(
    {
      author,
      title: 'The Settings Page Is Where Good Intentions Go to Die',
      subtitle: 'Every toggle feels respectful. Together they hand people decisions they never asked to make.',
      tags: ['Product Design', 'UX', 'Design'],
      daysAgo: 189,
    },
    p(
      'Every settings page is a graveyard of decisions nobody wanted to make. Should notifications be on by default? Let the user choose. Dark mode or light? Add a toggle. Compact or comfortable? Another toggle.',
      em('graveyard'),
    ),
    p(
      'Each option feels respectful of the user. Together they hand people dozens of decisions they never asked for, and leave a product that behaves differently for everyone, which makes it harder to support, test, and explain.',
    ),
    h3('Every setting is a cost'),
    p(
      'A setting doubles the number of states the product can be in. Two toggles make four states; ten make over a thousand. Someone has to design, test, and document each of them, and in practice nobody does. The rarely used combinations are where the bugs live.',
      strong('doubles the number of states'),
    ),
    pq('A setting is often a design decision that someone declined to make.'),
    h3('Questions to ask first'),
    ol(
      'Can we pick a good default and skip the option?',
      'Can the product infer the answer from what the person is already doing?',
      'Is this for a real group of users, or for one loud request?',
      'If it must exist, can it live next to the thing it changes?',
    ),
    p(
      'Some settings are essential: privacy, accessibility, anything with legal weight. Those deserve care and clear wording. The rest deserve a hard look. The best settings page is a short one, because the product already behaves the way most people want.',
    ),
  ),
];
