import { bq, em, h3, hr, img, li, link, mono, ol, p, pq, pre, story, strong, ul, type DemoStory } from './demo-builders.js';

const author = 'mayaokafor';

export const PROGRAMMING_STORIES: DemoStory[] = [
  story(
    {
      author,
      title: 'Your Types Stop at the Front Door',
      subtitle: 'TypeScript checks the code you wrote, not the JSON you received. Here is how to close the gap.',
      tags: ['Programming', 'TypeScript', 'Software Engineering'],
      daysAgo: 3,
    },
    img(
      'boundary',
      'Inside the boundary, types are promises the compiler keeps. Outside, they are wishes.',
      'Two overlapping translucent circles on a deep blue field',
      'OUTSET_CENTER',
    ),
    p(
      'Every TypeScript codebase I have worked on has the same quiet bug. Somewhere, a function fetches JSON, casts it to an interface, and hands it to the rest of the program as though the compiler had checked it. The compiler did no such thing. It took your word for it.',
      em('It took your word for it.'),
    ),
    p(
      'The as keyword is not a conversion. It is an assertion: a note to the type checker that says “trust me”. When the API changes shape, or a field turns out to be null on Tuesdays, nothing fails at the cast. It fails three calls later, in code that had every reason to believe its inputs.',
      mono('as'),
      strong('It is an assertion'),
    ),
    h3('Parse, don’t validate'),
    p(
      'The phrase comes from Alexis King’s essay of the same name, and it changed how I write boundary code. Instead of checking data and then carrying on with the original, loosely typed value, you transform it into a value whose type proves the check happened.',
      link('Alexis King’s essay of the same name', 'https://lexi-lambda.github.io/blog/2019/11/05/parse-don-t-validate/'),
    ),
    pre(
      'typescript',
      "import { z } from 'zod';",
      '',
      'const Invoice = z.object({',
      '  id: z.string(),',
      '  total: z.number().nonnegative(),',
      '  paidAt: z.coerce.date().nullable(),',
      '});',
      'type Invoice = z.infer<typeof Invoice>;',
      '',
      'export async function fetchInvoice(id: string): Promise<Invoice> {',
      '  const res = await fetch(`/api/invoices/${id}`);',
      '  return Invoice.parse(await res.json());',
      '}',
    ),
    p(
      'Now the type and the check cannot drift apart, because one is derived from the other. If the server sends a string where a number should be, the error happens here, at the door, with a message that names the field.',
    ),
    h3('Where the doors are'),
    p(
      'Once you start looking, boundaries are everywhere. A useful rule of thumb: anything that crosses a process, a network, or a human hand is untrusted until it has been parsed.',
    ),
    ul(
      'HTTP responses, request bodies, and messages from queues',
      'Environment variables and configuration files',
      li('Rows read back from a jsonb column', mono('jsonb')),
    ),
    bq('Types describe what your program believes. Parsers are how it earns the right to believe it.'),
    p(
      'None of this means wrapping every function in runtime checks. The point is the opposite: check once, at the edge, and let the interior of the program be as trusting as its types suggest. That is where TypeScript earns its keep.',
    ),
  ),

  story(
    {
      author,
      title: 'The Case for Boring Technology, Five Years Later',
      subtitle: 'We gave every project three innovation tokens. The unspent one turned out to be the most valuable.',
      tags: ['Software Engineering', 'Programming', 'Technology', 'Startups'],
      daysAgo: 27,
    },
    p(
      'Five years ago our team adopted a rule that sounded like a joke: every new project gets three innovation tokens, and spending one requires a paragraph of justification in the design doc. The idea came from Dan McKinley’s essay Choose Boring Technology, and I was the loudest skeptic in the room.',
      em('innovation tokens'),
      link('Choose Boring Technology', 'https://mcfunley.com/choose-boring-technology'),
    ),
    p('I was wrong, and I want to explain how, because the lesson was not the one I expected.'),
    h3('What boring buys you'),
    p(
      'Boring technology is not old technology. It is technology whose failure modes are known. When PostgreSQL misbehaves at three in the morning, someone has written about it, a mailing list thread from 2011 describes the symptom, and the fix is a configuration change rather than a rewrite.',
      strong('whose failure modes are known'),
    ),
    p(
      'The new database we almost chose had better benchmarks and a friendlier query language. It also had four open issues that matched problems we would have hit within a year. We would have been the people writing the blog posts everyone else read.',
    ),
    pq('Every new tool is a bet that its unknown problems are smaller than your known ones.'),
    h3('Where we spent our tokens'),
    p('We did spend tokens, and the rule made those choices better. Because each one was scarce, we argued about it properly:'),
    ol(
      'A typed RPC layer, because the API was the product and drift between client and server had burned us twice.',
      'A columnar store for analytics, after six months of proving the row store could not keep up.',
      'Nothing else. The third token is still in the drawer.',
    ),
    p('The unspent token turned out to be the most valuable one. It gave us permission to say no without an argument about taste.'),
    hr(),
    p(
      'If I could go back, I would tell my younger self that excitement is not a cost-benefit analysis. The interesting problems were always in our domain, never in our infrastructure, and boring tools left us the attention to notice them.',
    ),
  ),

  story(
    {
      author,
      title: 'What Code Review Is Actually For',
      subtitle: 'Catching bugs is the least convincing reason to review code. Here are better ones.',
      tags: ['Software Engineering', 'Code Review', 'Teamwork', 'Productivity'],
      daysAgo: 58,
    },
    p(
      'Ask a team why they review code and you will hear “to catch bugs”. It is the least convincing answer. Studies of review at large companies keep finding that only a small share of comments concern defects; most are about readability, structure, and naming.',
      em('to catch bugs'),
      link(
        'Studies of review at large companies',
        'https://www.microsoft.com/en-us/research/publication/expectations-outcomes-and-challenges-of-modern-code-review/',
      ),
    ),
    p('That is not a failure. It is a hint about what review is really doing.'),
    h3('Review spreads knowledge'),
    p(
      'The most durable benefit of review is that at least two people understand every change. When the author goes on holiday, the reviewer can answer the pager. When the code needs to change next year, someone remembers why it looks the way it does.',
    ),
    h3('Review sets the norms'),
    p(
      'A codebase’s conventions are not written in the style guide. They are written in a thousand small review comments, each one nudging toward a shared idea of what good looks like here. That makes the tone of those comments matter more than their number.',
    ),
    pq('A review comment is a tiny piece of documentation about how your team thinks.'),
    h3('A few habits that help'),
    ul(
      li('Label nits as nits, so the author knows what is optional.', strong('nits')),
      'Ask questions instead of issuing verdicts: “what happens if this list is empty?”',
      'Review within a working day; a stale pull request costs more than a slow review.',
      'Approve with comments when the remaining points are small. Trust is part of the process.',
    ),
    p(
      'Bugs will still slip through. They always have. But a team that treats review as a conversation ends up with fewer of them anyway, because the people writing the code understand it better.',
    ),
  ),

  story(
    {
      author,
      title: 'Error Handling Is a Design Problem',
      subtitle: 'Which failures a caller must handle is part of a function’s interface. TypeScript can say so.',
      tags: ['TypeScript', 'Programming', 'Software Design'],
      isLocked: true,
      daysAgo: 96,
    },
    p(
      'Most error handling code is written last, in a hurry, by someone who just wants the happy path to work. It shows. Exceptions leak across layers, messages say “something went wrong”, and the one failure users actually hit is the one nobody planned for.',
    ),
    p(
      'I have come to think of errors as part of a function’s interface, as important as its parameters. Deciding which failures a caller must handle is a design decision, and TypeScript gives us decent tools to express it.',
    ),
    h3('Expected failures are values'),
    p(
      'A payment can be declined. A username can be taken. These are not exceptional; they are outcomes. Returning them as values makes the caller deal with them, and makes the compiler check that they did.',
      strong('Returning them as values'),
    ),
    pre(
      'typescript',
      'type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };',
      '',
      "type SignupError = 'USERNAME_TAKEN' | 'EMAIL_INVALID';",
      '',
      'async function signUp(input: SignupInput): Promise<Result<User, SignupError>> {',
      "  if (!isEmail(input.email)) return { ok: false, error: 'EMAIL_INVALID' };",
      "  if (await usernameExists(input.username)) return { ok: false, error: 'USERNAME_TAKEN' };",
      '  return { ok: true, value: await createUser(input) };',
      '}',
    ),
    p(
      'The caller now sees, in the signature, every way this can go wrong. A switch over result.error that forgets a case fails to compile once you add an exhaustiveness check with never.',
      mono('result.error'),
      mono('never'),
    ),
    h3('Unexpected failures are exceptions'),
    p(
      'A lost database connection is different. No caller can do anything useful about it except give up, so let it throw, and catch it once at the top: in the request handler, where you can log it, return a 500, and move on.',
    ),
    bq('If a caller can act on it, return it. If nobody can, throw it. If you cannot decide, you have not finished designing the function.'),
    h3('Messages are for someone'),
    p(
      'Every error message has an audience. The log line is for the engineer awake at 3 a.m. and should include identifiers. The message on screen is for a person who wants to know what to do next, and should never include a stack trace.',
      em('audience'),
    ),
    p(
      'Getting this right is not glamorous. But software is mostly judged by how it behaves on a bad day, and the bad days are written in the error paths.',
    ),
  ),

  story(
    {
      author,
      title: 'Let Git Find the Commit That Broke It',
      subtitle: 'Four hundred commits, one failing test, nine steps. A love letter to git bisect.',
      tags: ['Git', 'Debugging', 'Programming', 'Productivity'],
      daysAgo: 141,
    },
    p(
      'Last month a test that had passed for two years started failing on main. Nobody had touched it. Four hundred commits had landed since the last green run we trusted, and the failure made no sense from reading the diff of any one of them.',
    ),
    p(
      'This is the situation git bisect was built for, and it is still underused. It performs a binary search over your history: you tell it one good commit and one bad one, and it checks out the midpoint for you to test.',
      mono('git bisect'),
      strong('binary search'),
    ),
    h3('The manual version'),
    pre(
      'bash',
      'git bisect start',
      'git bisect bad HEAD',
      'git bisect good v2.14.0',
      '# Git checks out a commit halfway between. Test it, then report:',
      'git bisect good    # or: git bisect bad',
      '# ...repeat until Git names the first bad commit',
      'git bisect reset',
    ),
    p(
      'Four hundred commits take about nine steps, because each answer halves the range. Nine builds is an afternoon at worst. Reading four hundred diffs is a week, and you might still miss it.',
    ),
    h3('The automatic version'),
    p('If you can write a command that exits with 0 when things are good and non-zero when they are bad, Git will run the whole search on its own.'),
    pre('bash', 'git bisect start HEAD v2.14.0', 'git bisect run npx vitest run src/billing/invoice.test.ts'),
    p(
      'Ours finished in six minutes. The culprit was a dependency upgrade that changed how dates were rounded in one time zone, a change no human reviewer would have connected to a billing test.',
    ),
    pq('Binary search does not need you to understand the bug. It only needs you to recognize it.'),
    p(
      'A few things make bisect work better: keep every commit buildable, keep commits small, and when a test is flaky, make the script retry before it declares a commit bad. A bisect that follows a flaky signal will confidently blame the wrong change.',
      em('confidently'),
    ),
  ),
];
