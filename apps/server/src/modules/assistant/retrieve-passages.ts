import MiniSearch from 'minisearch';
import type { Passage } from './passages.ts';

/**
 * Words that say nothing about a document in the three languages (issue 28, part 5): a question's "what does …
 * mean" must not match every page. Light on purpose: no stemming, so a question in another language than the
 * document's mostly finds nothing, and the assistant says so.
 */
const stopWords = new Set(
  [
    // en-us
    'a an and are as at be by can do does for from has have how i if in is it me my of on or the this that to was what when where which who why will with you your about there their'.split(
      ' ',
    ),
    // sv
    'och att det som en ett är på för med av till den de om jag du vad hur var när vilken vilket vilka kan ska får har i mig min mitt mina detta här där inte eller så'.split(
      ' ',
    ),
    // es
    'el la los las un una y o de del en que qué es por para con como cómo se su sus al lo le me mi mis yo tu tú cuál cuáles dónde cuándo puedo debo este esta esto hay no'.split(
      ' ',
    ),
  ]
    .flat()
    .map(foldTerm),
);

/** Lower case without accents: "Hyresgäst" and "hyresgast", "Página" and "pagina" meet. */
function foldTerm(term: string): string {
  return term
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

function processTerm(term: string): string | null {
  const folded = foldTerm(term);
  if (folded.length < 2 || stopWords.has(folded)) return null;
  return folded;
}

export interface RankedPassage {
  passage: Passage;
  score: number;
}

/** The question's words that count: what `processTerm` keeps of it. */
function termsOf(question: string): string[] {
  const terms = new Set<string>();
  for (const word of question.split(/[^\p{L}\p{N}]+/u)) {
    const term = processTerm(word);
    if (term) terms.add(term);
  }
  return [...terms];
}

/**
 * The passages that answer the question best, best first; none when too few of the question's words occur in any
 * passage (at least half of them, and one), so an unrelated question gets "I don't know" rather than a random page.
 */
export function retrievePassages(input: {
  passages: readonly Passage[];
  question: string;
  limit: number;
}): RankedPassage[] {
  const terms = termsOf(input.question);
  if (terms.length === 0 || input.passages.length === 0) return [];
  const index = new MiniSearch<Passage>({ fields: ['text'], idField: 'id', processTerm });
  index.addAll(input.passages as Passage[]);
  const byId = new Map(input.passages.map((passage) => [passage.id, passage]));
  const needed = Math.max(1, Math.ceil(terms.length / 2));
  return index
    .search(input.question, { prefix: (term) => term.length >= 5, combineWith: 'OR' })
    .filter((result) => new Set(result.queryTerms).size >= needed)
    .slice(0, input.limit)
    .flatMap((result) => {
      const passage = byId.get(result.id as number);
      return passage ? [{ passage, score: result.score }] : [];
    });
}
