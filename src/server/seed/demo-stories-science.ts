import { bq, em, h3, hr, img, li, link, ol, p, pq, story, strong, ul, type DemoStory } from './demo-builders.js';

const author = 'eleanorvoss';

export const SCIENCE_STORIES: DemoStory[] = [
  story(
    {
      author,
      title: 'What the Tides Remember',
      subtitle: 'A tide gauge is a ruler in the sea. Read it for long enough and it tells you how the planet is changing.',
      tags: ['Science', 'Climate', 'Oceans', 'Earth Science'],
      daysAgo: 2,
    },
    img(
      'tide-lines',
      'Sea level rises and falls twice a day; the trend hides underneath.',
      'Layered wavy lines in shades of blue',
      'OUTSET_CENTER',
    ),
    p(
      'On the harbour wall in Brest, in western France, the height of the sea has been recorded, with some gaps, since 1711. It is one of the longest scientific measurements in existence, and it began for the most practical of reasons: ships needed to know when there would be enough water to leave port.',
    ),
    p('Nobody at the time imagined that the record would one day be used to measure a changing climate.'),
    h3('Finding a signal under the waves'),
    p(
      'Tides are enormous compared with the trend scientists care about. At Brest the water moves several metres between low and high tide, while global sea level has risen by around twenty centimetres since 1900. Finding millimetres a year under metres a day is a problem of patience and averaging.',
      strong('around twenty centimetres since 1900'),
    ),
    p(
      'Tides are driven by the Moon and the Sun, whose motions are known precisely, so their effect can be predicted and subtracted. Average what remains over a month, then a year, and the noise of storms and seasons fades. What is left is a slow upward line.',
    ),
    pq('A tide gauge is a ruler in the sea, read every few minutes for three hundred years.'),
    h3('Rulers on moving ground'),
    p(
      'There is a complication: the ruler itself moves. Land rises where ice sheets melted after the last ice age and sinks where groundwater is pumped out. A gauge records the sea relative to its own pier, so many gauges now have GPS receivers bolted beside them to measure the motion of the land separately.',
      em('relative to its own pier'),
    ),
    p(
      'Since 1993, satellites have measured the sea surface from orbit, and their record agrees well with the gauges. But the satellites only reach back three decades. For the long view, we still rely on people who wrote numbers in ledgers beside a harbour wall.',
    ),
  ),

  story(
    {
      author,
      title: 'Why Sourdough Starters Refuse to Die',
      subtitle: 'Neglect one for a month and it bounces back. The reason is ecology: a starter builds its own defences.',
      tags: ['Science', 'Microbiology', 'Baking', 'Food'],
      daysAgo: 19,
    },
    img(
      'starter',
      'A starter is a small, stable ecosystem, fed on flour and water.',
      'Clusters of translucent bubbles rising through a warm gradient',
    ),
    p(
      'People keep sourdough starters alive for decades, sometimes for generations. Forget one at the back of the fridge for a month and it comes back after a couple of feeds. For a jar of living organisms, that is remarkably hard to kill.',
    ),
    p(
      'The reason is ecology. A starter is not a single organism but a community, mostly wild yeasts and lactic acid bacteria, that has settled into a stable arrangement.',
      strong('a community'),
    ),
    h3('A partnership with a moat'),
    p(
      'The bacteria eat sugars from the flour and produce lactic and acetic acids. The acid makes the jar hostile to most of the microbes that land in it from the air or from your hands. The yeasts that live in starters tolerate acid well, so they thrive while their competitors fail.',
    ),
    p(
      'In other words, the community builds its own defences. Each feeding resets the food supply, but the acidity returns within hours, and with it the moat.',
    ),
    bq('A mature starter is less like a pet and more like a garden that has learned to weed itself.'),
    h3('What this means for bakers'),
    ul(
      'A sluggish starter usually needs more frequent feeding, not a fresh start.',
      'Grey liquid on top is alcohol from hungry yeast; stir it in or pour it off.',
      li('Pink or orange streaks are a different matter: throw it out.', strong('throw it out')),
    ),
    p(
      'A large study of starters from around the world found that geography explained surprisingly little of what lives in them. The flour, the baker’s habits, and chance seem to matter more. Your starter is, in a small way, a portrait of your kitchen.',
      link('A large study of starters from around the world', 'https://elifesciences.org/articles/61644'),
    ),
  ),

  story(
    {
      author,
      title: 'How to Read a Scientific Paper Without a PhD',
      subtitle: 'Papers are not meant to be read from start to finish. Read them in the right order and they open up.',
      tags: ['Science', 'Research', 'Learning', 'Critical Thinking'],
      daysAgo: 64,
    },
    p(
      'Scientific papers are not written to be read from beginning to end. They are reference documents, built for specialists who want to check a method or a number. If you start at the abstract and plough straight through, you will probably give up in the methods section, and you will not be missing much.',
    ),
    h3('A better order'),
    ol(
      li('Abstract: the claim, in a paragraph.', strong('Abstract')),
      li('Figures: most of the evidence is here. Read every caption.', strong('Figures')),
      li('Discussion: what the authors think it means, and what they admit it doesn’t.', strong('Discussion')),
      li('Methods: only once you know which detail you need to check.', strong('Methods')),
    ),
    p(
      'The figures deserve the most time. A graph is where you can see for yourself how big an effect is, how noisy the data are, and whether the pattern the text describes is obvious or needs squinting to find.',
    ),
    pq('The abstract is the authors’ argument. The figures are their evidence.'),
    h3('Questions worth asking'),
    ul(
      'How many subjects, samples, or observations? Small studies swing wildly.',
      'Compared with what? An effect without a control group is an anecdote.',
      'Was it in people, in mice, or in cells in a dish?',
    ),
    p(
      'Watch the word “significant”. Statistical significance says an effect is unlikely to be pure chance. It says nothing about whether the effect is large enough to matter: a drug that lowers blood pressure by one point can be highly significant in a big enough trial and still be useless.',
      em('large enough to matter'),
    ),
    p(
      'Finally, read a paper in a field you care about alongside a news story about it. The gap between the two is an education of its own.',
    ),
  ),

  story(
    {
      author,
      title: 'Sleep Is When Your Brain Takes Out the Trash',
      subtitle: 'Far from switching off, the sleeping brain files the day’s memories and washes itself clean.',
      tags: ['Science', 'Neuroscience', 'Health', 'Sleep'],
      isLocked: true,
      daysAgo: 103,
    },
    p(
      'For most of history, sleep looked like an absence: the brain switching off to rest. We now know it is one of the busiest times of the brain’s day, with at least two jobs that seem to need us unconscious to get done.',
    ),
    h3('Filing the day'),
    p(
      'During deep sleep, the hippocampus, which holds recent memories, replays the day’s experiences in fast, compressed bursts. Those replays appear to help move memories into the cortex for long-term storage. Disrupt deep sleep in experiments and people remember less of what they learned the day before.',
      strong('replays the day’s experiences'),
    ),
    p(
      'Dreaming sleep seems to play a different role, linking new memories with old ones. It may be why a problem that seemed impossible in the evening sometimes looks simpler in the morning.',
    ),
    h3('Washing the brain'),
    p(
      'The second job was described only in 2013. Researchers found that during sleep, the space between brain cells in mice expands by around 60 percent, and cerebrospinal fluid flows through it much faster, carrying away waste proteins that build up during waking hours. They called it the glymphatic system.',
      link('Researchers found', 'https://www.science.org/doi/10.1126/science.1241224'),
      em('glymphatic system'),
    ),
    pq('Sleep may be the price we pay for a brain that cleans itself.'),
    p(
      'Among the waste is beta-amyloid, the protein that clumps into plaques in Alzheimer’s disease. Whether poor sleep contributes to the disease or is an early symptom of it is still being worked out, and the answer may well be both.',
    ),
    h3('What it means at night'),
    ul(
      'Consistency matters: a regular schedule helps both jobs get done.',
      'The last hours of sleep are rich in dreaming, so cutting them short costs more than it seems.',
      'Caffeine lingers for hours; an afternoon coffee is still partly in your system at bedtime.',
    ),
  ),

  story(
    {
      author,
      title: 'Why Is the Night Sky Dark?',
      subtitle: 'A child’s question that took astronomers three centuries to answer, and a poet who guessed it first.',
      tags: ['Astronomy', 'Science', 'Physics', 'Cosmology'],
      daysAgo: 152,
    },
    img(
      'orbit',
      'Look far enough in any direction and you should meet a star. So why the darkness?',
      'Concentric elliptical orbits around a glowing centre on a deep indigo field',
      'OUTSET_CENTER',
    ),
    p(
      'It sounds like a question a child would ask, and it is. It is also one of the deepest questions in astronomy, and the answer took three centuries to arrive.',
    ),
    p(
      'Suppose the universe were infinite, unchanging, and evenly filled with stars. Then every line of sight, in every direction, would end on the surface of a star, and the whole sky would blaze as brightly as the Sun. This contradiction is known as Olbers’ paradox, after the German astronomer who popularised it in 1823.',
      strong('Olbers’ paradox'),
    ),
    h3('The wrong answers'),
    p(
      'The obvious escape is that distant stars are fainter. But the number of stars at a given distance grows as fast as their brightness falls, so each shell of sky contributes the same amount of light. Dust between the stars does not help either: it would absorb the light, warm up, and glow itself.',
    ),
    h3('The right answer'),
    p(
      'The paradox is resolved by two facts about our universe. First, it has a finite age, about 13.8 billion years, so light from very distant stars has not had time to reach us. Second, it is expanding, which stretches light from distant galaxies to longer, dimmer wavelengths.',
      strong('finite age'),
      strong('expanding'),
    ),
    pq('The darkness of the night sky is evidence that the universe had a beginning.'),
    p(
      'Edgar Allan Poe guessed part of this in 1848, in a prose poem called Eureka, reasoning that the dark gaps between the stars must be places whose light had not yet arrived. He was right, for reasons he could not have known.',
      em('Eureka'),
    ),
    hr(),
    p('So the next time you look up on a clear night, notice the dark between the stars. You are seeing the edge of time.'),
  ),
];
