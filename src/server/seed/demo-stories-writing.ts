import { bq, em, h3, hr, img, li, ol, p, pq, story, strong, ul, type DemoStory } from './demo-builders.js';

const author = 'hannahlindqvist';

export const WRITING_STORIES: DemoStory[] = [
  story(
    {
      author,
      title: 'The First Sentence Is a Promise',
      subtitle: 'Not a hook. A hook grabs and lets go; a first sentence tells readers what kind of book they are holding.',
      tags: ['Writing', 'Fiction', 'Creative Writing', 'Writing Tips'],
      daysAgo: 9,
    },
    img(
      'first-light',
      'Openings work like dawn: a little light, and the shape of everything still to come.',
      'Soft horizontal bands of peach and rose rising over a dark horizon',
    ),
    p(
      '“It was a bright cold day in April, and the clocks were striking thirteen.” Orwell needs fourteen words to tell you that this world looks like ours and is not. Everything the novel goes on to do is already folded inside that thirteenth stroke.',
      em('thirteenth'),
    ),
    p(
      'A first sentence is not a hook. Hooks are tricks; they grab and let go. A first sentence is a promise about what kind of book this is, and readers will hold you to it.',
      strong('a promise'),
    ),
    h3('What the promise contains'),
    p('In a single line, a strong opening usually settles three things:'),
    ul(
      li('Voice: who is talking, and how they sound.', strong('Voice')),
      li('Pressure: something is wrong, or about to be.', strong('Pressure')),
      li('Scale: whether this is a story about a kitchen or a country.', strong('Scale')),
    ),
    p(
      'It does not need all three at full volume. Austen’s famous opening is nearly all voice, that dry and amused certainty, and the pressure arrives in the irony underneath it.',
    ),
    bq('It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.'),
    h3('Write it last'),
    p(
      'Here is the practical advice: don’t labour over your first sentence when you begin. You don’t yet know what you are promising. Write your way into the draft, finish it, and only then go back. The right first sentence is often sitting in your third paragraph, waiting to be moved.',
      em('only then'),
    ),
    p(
      'When you find it, read it aloud and ask one question: could the person who wrote this sentence write the rest of the book? If so, keep it.',
    ),
  ),

  story(
    {
      author,
      title: 'Cut the Throat-Clearing',
      subtitle: 'Most first drafts start two paragraphs too early. Here is how to find where yours really begins.',
      tags: ['Writing', 'Editing', 'Writing Tips', 'Nonfiction'],
      daysAgo: 41,
    },
    p(
      'Almost every draft I edit opens with throat-clearing: a paragraph or two in which the writer warms up, explains what they are about to say, and apologises for saying it. It was useful to write. It is rarely useful to read.',
      em('throat-clearing'),
    ),
    p(
      'Try this: delete your first paragraph and read the piece again. Half the time, nothing is lost. Sometimes the piece is immediately better, because it now begins with the thing itself.',
    ),
    h3('A revision checklist'),
    p(
      'When I revise, I go through a draft several times, each time looking for one thing only. Trying to fix everything at once is how you end up fixing nothing.',
    ),
    ol(
      'Structure: does each section earn its place, in this order?',
      'Paragraphs: does each one make a single move?',
      li('Sentences: cut hedges like “quite”, “rather”, and “in a sense”.', em('quite'), em('rather'), em('in a sense')),
      'Words: replace the vague with the specific wherever you can.',
    ),
    pq('Clarity is a courtesy. Every unnecessary word is a small tax on your reader’s attention.'),
    h3('Keep a cuttings file'),
    p(
      'Cutting is easier when nothing is lost. Keep a file of cuttings for every project and paste deleted passages into it. You will almost never go back for them, but knowing they are there makes the delete key feel less like a loss.',
      strong('file of cuttings'),
    ),
    p(
      'The goal is not a shorter piece for its own sake. It is a piece in which every line is doing work, so the reader never has to wonder why they are reading it.',
    ),
  ),

  story(
    {
      author,
      title: 'Writing Every Day Without Hating It',
      subtitle: 'The thousand-words-a-day rule nearly made me quit. One sentence a day wrote a novel.',
      tags: ['Writing', 'Productivity', 'Habits', 'Creativity'],
      daysAgo: 79,
    },
    p(
      'For years I believed in the daily word count. A thousand words a day, every day, no excuses. I would hit it for two weeks, miss a day, feel like a fraud, and stop writing altogether for a month.',
    ),
    p('The problem wasn’t discipline. It was a goal designed so that a single bad day counted as failure.'),
    h3('Smaller than you think'),
    p(
      'What finally worked was embarrassingly small: open the file and write one sentence. That is the whole commitment. Most days one sentence becomes a page, because starting was the hard part. On the days it doesn’t, I have still kept the promise.',
      strong('open the file and write one sentence'),
    ),
    pq('A habit you can keep on your worst day is worth more than one you can only keep on your best.'),
    h3('Protect the time, not the output'),
    p(
      'I write first thing, before email, in the forty minutes before anyone else is awake. Those minutes are for the draft and nothing else: no research, no editing, no looking up the name of a street. I mark the gaps with square brackets and keep going.',
    ),
    p(
      'Output varies wildly from day to day, and I’ve stopped tracking it. What I track is whether I showed up. Over a year, the showing up adds up to a book.',
      em('whether I showed up'),
    ),
    bq('Inspiration exists, but it has to find you working.'),
    p(
      'If you’ve been failing at an ambitious routine, try shrinking it until it is almost silly. Then keep it for a month. You can always write more; the trick is never to write nothing.',
    ),
  ),

  story(
    {
      author,
      title: 'Dialogue That Doesn’t Sound Like Dialogue',
      subtitle: 'Real speech is unreadable and scripted speech is lifeless. Good dialogue lives in between.',
      tags: ['Fiction', 'Writing', 'Creative Writing', 'Writing Tips'],
      daysAgo: 124,
    },
    p(
      'Real conversation is a mess. People interrupt, trail off, repeat themselves, and answer questions nobody asked. Transcribe a real conversation and it is unreadable. Yet dialogue that is too tidy sounds like two actors reading a script.',
    ),
    p(
      'Good fictional dialogue sits in between: it is an illusion of speech, shaped so that every line does two jobs at once.',
      em('illusion'),
    ),
    h3('People rarely say what they mean'),
    p(
      'The most common problem I see in student work is characters who state their feelings outright. “I’m angry that you forgot my birthday,” says one, and the scene dies. Let her talk about the cake instead, the one she bought herself, and let the reader do the arithmetic.',
    ),
    pq('Subtext is what the reader works out. It is the part of the scene they will remember.'),
    h3('Three quick fixes'),
    ul(
      li('Cut greetings and goodbyes. Enter late, leave early.', strong('Enter late, leave early.')),
      li('Use “said” almost always. It disappears; “exclaimed” and “retorted” do not.', em('said')),
      'Let a character answer a different question from the one that was asked.',
    ),
    p(
      'Read your dialogue aloud, ideally with someone else taking the other part. You will hear the stiff lines at once, because your mouth will refuse to say them.',
    ),
    hr(),
    p(
      'One last test: cover the dialogue tags and see whether you can still tell who is speaking. If every character sounds the same, they are all really you.',
    ),
  ),

  story(
    {
      author,
      title: 'On Reading Your Work Aloud',
      subtitle: 'The most useful editing tool I know is free, takes no training, and feels ridiculous the first time.',
      tags: ['Writing', 'Editing', 'Poetry'],
      isLocked: true,
      daysAgo: 177,
    },
    p(
      'The single most useful editing tool I know is free and takes no training. Print your draft, find a room where nobody can hear you, and read the whole thing aloud, slowly.',
    ),
    p('It feels foolish the first time. Do it anyway.'),
    h3('What the ear catches'),
    p(
      'Your eye is generous. It skips repeated words, smooths over missing ones, and fills in what you meant to write. Your ear is not so kind. Reading aloud, you will stumble, and every stumble marks a sentence that needs work.',
      strong('every stumble marks a sentence that needs work'),
    ),
    ul(
      'Sentences that run out of breath before they end',
      'The same rhythm three sentences in a row',
      'Words that rhyme or chime by accident',
      'Paragraphs that say the same thing twice',
    ),
    bq('Prose is architecture, not interior decoration.'),
    p(
      'Hemingway meant that prose has a structure you can feel, and sound is how most of us feel it. Poets have always known this. Prose writers forget, because we are used to being read in silence.',
    ),
    h3('A routine'),
    p(
      'I read each draft aloud at least twice: once with a pencil, marking every stumble without fixing anything, and once after revising, to check the fixes. The second reading is always faster. That is how I know the piece is done.',
    ),
  ),
];
