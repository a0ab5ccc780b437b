import { bq, em, h3, hr, img, li, ol, p, pq, story, strong, ul, type DemoStory } from './demo-builders.js';

const author = 'kenji_w';

export const TRAVEL_FOOD_STORIES: DemoStory[] = [
  story(
    {
      author,
      title: 'Three Days in Porto on Foot',
      subtitle: 'A city built on a slope that makes no apology for it. Bring good shoes and leave the plan loose.',
      tags: ['Travel', 'Portugal', 'Europe', 'Walking'],
      daysAgo: 11,
    },
    img(
      'rooftops',
      'Porto from the bridge: terracotta stacked on granite, all the way down to the river.',
      'Overlapping terracotta and ochre shapes suggesting rooftops on a hillside',
      'OUTSET_CENTER',
    ),
    p(
      'Porto is a city built on a slope, and it makes no apology for it. Every walk is a climb or a descent, usually both, and the reward at the top of each hill is a view of more hills. Bring good shoes and leave the itinerary loose.',
    ),
    h3('Day one: the river'),
    p(
      'Start at the Ribeira, the old waterfront, early enough that the café tables are still being set out. Cross the upper deck of the Dom Luís I bridge on foot and walk down into Vila Nova de Gaia, where the port lodges have been ageing wine in barrels for centuries. Most offer tastings; one is plenty before lunch.',
      strong('Dom Luís I bridge'),
    ),
    h3('Day two: tiles and bookshops'),
    p(
      'Walk uphill to São Bento station, whose entrance hall is lined with some twenty thousand blue-and-white azulejo tiles telling the history of Portugal. Then queue, if you must, for Livraria Lello, a bookshop with a staircase so theatrical it looks built for a film. Go early or near closing time.',
      em('azulejo'),
    ),
    p('In the afternoon, get lost in the lanes of Miragaia, where laundry hangs between windows and nobody is selling anything.'),
    pq('The best thing to do in Porto is to sit somewhere high and watch the light change on the river.'),
    h3('Day three: the sea'),
    p(
      'Take the old tram line 1 along the Douro to Foz, where the river meets the Atlantic. Walk the promenade, eat grilled sardines at whichever place has the most smoke coming out of it, and watch the waves break against the lighthouse at the end of the pier.',
    ),
    ul(
      li('Eat: a francesinha, once, for the experience.', strong('Eat:')),
      li('Drink: a glass of white port and tonic on a warm evening.', strong('Drink:')),
      li('Skip: taxis. Everything worth seeing is a walk away.', strong('Skip:')),
    ),
  ),

  story(
    {
      author,
      title: 'The Only Rice Method You Need',
      subtitle: 'Rinse, soak, simmer, rest. Twenty years of eating rice every day, distilled into five steps.',
      tags: ['Cooking', 'Food', 'Recipes', 'Japanese Food'],
      daysAgo: 37,
    },
    p(
      'I have eaten rice almost every day of my life, and for years I cooked it badly. The water was a guess, the lid came off too often, and the bottom of the pot told the story. This is the method I finally settled on, for short- and medium-grain rice on a stove.',
    ),
    h3('The method'),
    ol(
      li('Rinse the rice in cold water, swirling gently, until the water runs almost clear. It takes three or four changes.', strong('Rinse')),
      'Drain well, then add water: 1.1 to 1.2 times the volume of the rice.',
      'Let it soak for thirty minutes. Skip this and the centre of each grain stays hard.',
      'Bring it to a boil with the lid on, then turn the heat to its lowest setting for 12 minutes.',
      li('Turn off the heat and leave it, lid on, for 10 minutes more. Do not peek.', em('Do not peek.')),
    ),
    p(
      'The resting step is where most people go wrong. It feels as if nothing is happening, but the steam trapped in the pot is finishing the cooking and evening out the moisture from top to bottom.',
    ),
    pq('Good rice is not a recipe. It is a habit of paying attention.'),
    h3('Why it works'),
    p(
      'Rinsing removes the loose starch on the surface of the grains, which would otherwise turn to glue. Soaking lets water reach the centre before the outside cooks. The low heat and the rest avoid a scorched layer, unless you want one: in Korea that crust is called nurungji, and some people cook rice just for it.',
      em('nurungji'),
    ),
    p(
      'When the rice is done, fluff it with a paddle using a cutting motion rather than stirring, so the grains stay whole. Then eat it while it is hot, with something salty, and you will understand why entire cuisines are built around a bowl of it.',
    ),
  ),

  story(
    {
      author,
      title: 'Slow Trains Through Hokkaido',
      subtitle: 'One-carriage trains, stations in empty fields, and a week of doing Japanese rail the slow way.',
      tags: ['Travel', 'Japan', 'Trains', 'Slow Travel'],
      daysAgo: 83,
    },
    img(
      'northbound',
      'Single-track lines run for hours through forest and farmland.',
      'Parallel lines converging toward a pale horizon under a cool sky',
      'OUTSET_CENTER',
    ),
    p(
      'Most visitors experience Japan’s railways at three hundred kilometres an hour. In Hokkaido, the northern island, I spent a week doing the opposite: riding local trains, one or two carriages long, that stop at every station whether anyone is waiting or not.',
    ),
    p(
      'Some of those stations are a wooden platform and a bench in a field. Some serve a single house. A few were kept open for years for one student travelling to school, and closed on the day she graduated.',
    ),
    h3('How to do it'),
    p(
      'Buy a rail pass if you plan to cover long distances, but leave room for the slow lines. Check the timetable carefully: on some routes, the next train is three hours away, and the last one leaves before dinner.',
      strong('the next train is three hours away'),
    ),
    p(
      'Pack lunch from a station shop. Hokkaido’s ekiben, the boxed meals sold at stations, lean on the island’s seafood: crab, salmon roe, and sea urchin over rice. Eat by the window as the sea appears and disappears between the hills.',
      em('ekiben'),
    ),
    bq('On a slow train, the journey stops being the thing between places and becomes the place.'),
    h3('What stays with you'),
    p(
      'It is not the famous views, though there are plenty. It is the small rituals: the driver bowing to an empty platform, a grandmother offering a tangerine across the aisle, the way the whole carriage falls quiet when the line runs along the coast at sunset.',
    ),
    p('Many of these lines lose money, and some have already closed. If you want to ride them, go soon, and go slowly.'),
  ),

  story(
    {
      author,
      title: 'A Week Without My Phone',
      subtitle: 'Seven days with my phone switched off in a drawer. I expected calm; I found out how my days were really organised.',
      tags: ['Productivity', 'Mindfulness', 'Technology', 'Life Lessons'],
      daysAgo: 118,
    },
    p(
      'Last spring I put my phone in a drawer for seven days. Not on flight mode, not behind a clever app limiting my screen time: in a drawer, switched off, with a note on top reminding me why.',
    ),
    p('I expected to feel calmer. I did not expect to see how much of my day had quietly been organised around that rectangle.'),
    h3('The first two days'),
    p(
      'The first two days were uncomfortable in an almost physical way. I reached for my pocket dozens of times an hour: in queues, at traffic lights, in the half-second pause while a page loaded on my laptop. Every empty moment had been filled for so long that emptiness felt like an emergency.',
      em('emptiness felt like an emergency'),
    ),
    h3('What changed'),
    ul(
      'I finished two books, more than I had read in the previous three months.',
      'I got lost twice, asked for directions, and both times had a good conversation.',
      'I cooked more, because I was remembering recipes instead of scrolling them.',
      'I slept better by the third night.',
    ),
    pq('Boredom, it turns out, is where most of my ideas had been waiting.'),
    h3('What I kept'),
    p(
      'When the week ended, I did not become a different person. But a few changes stuck. The phone charges in the kitchen overnight. Social apps live only on the laptop. And I leave the phone at home on short walks, which is when the best thinking happens.',
      strong('The phone charges in the kitchen overnight.'),
    ),
    hr(),
    p(
      'You don’t need a week in a drawer to try this. Pick one regular part of your day, a commute or a meal, and make it phone-free for a month. Then notice what fills the space.',
    ),
  ),

  story(
    {
      author,
      title: 'What Restaurant Kitchens Know About Stock',
      subtitle: 'Home cooks use water where restaurants use stock. It is a bigger difference than any technique.',
      tags: ['Cooking', 'Food', 'Recipes', 'Kitchen Tips'],
      daysAgo: 197,
    },
    p(
      'The first job I was given in a restaurant kitchen was looking after the stockpot. I thought it was a punishment. It took me a year to understand that I had been handed the foundation of almost everything on the menu.',
    ),
    p(
      'Home cooks use water where restaurants use stock, and that explains more of the difference between the two than any technique.',
      strong('Home cooks use water where restaurants use stock'),
    ),
    h3('A simple chicken stock'),
    ul(
      'Two kilos of chicken wings, backs, or carcasses',
      'One onion, one carrot, and two sticks of celery, roughly chopped',
      'A few peppercorns, a bay leaf, and some parsley stalks',
      'Cold water to cover by a couple of centimetres',
    ),
    p(
      'Start with cold water and bring it up slowly. Never let it boil hard: a rolling boil churns fat into the liquid and makes it cloudy and greasy. You want a lazy simmer, a bubble breaking the surface every second or two. Skim off the foam in the first half hour, then leave it alone for three or four hours.',
      strong('Never let it boil hard'),
    ),
    pq('A good stock tastes of almost nothing on its own, and makes everything it touches taste of more.'),
    h3('Storing it'),
    p(
      'Strain it, cool it quickly, and refrigerate it overnight. The fat will set on top like a lid; lift it off and keep it for roasting potatoes. Freeze the stock in small containers, or reduce it by half first to save space.',
    ),
    p(
      'No salt goes in the pot. Stock is an ingredient, not a soup, and you will season the dish you use it in. Once you have a freezer drawer full of it, risottos, sauces, and braises change completely, and you will wonder why you ever cooked with water.',
    ),
  ),
];
