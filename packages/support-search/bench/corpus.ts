// A deterministic, bilingual-ish support corpus for the benchmark: Malay and English questions
// about a TV and fibre provider, with affixed word families (langgan, langganan, pelanggan...),
// a long tail of invented words, HTML content with entities, and tags.
import type { SupportCategory, SupportQuestion } from "../src/index";

/** mulberry32: a small seeded PRNG, so every run generates the same corpus. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Concept = { tag: string; bm: string[]; en: string[] };

const CONCEPTS: Concept[] = [
  {
    tag: "langganan",
    bm: ["langganan", "langgan", "melanggan", "pelanggan", "berlangganan"],
    en: ["subscription", "subscribe", "subscriptions", "subscriber", "unsubscribe"],
  },
  {
    tag: "bayaran",
    bm: ["bayaran", "bayar", "pembayaran", "membayar", "dibayar"],
    en: ["payment", "pay", "payments", "repayment", "prepaid"],
  },
  {
    tag: "bil",
    bm: ["bil", "penyata", "bil", "caj"],
    en: ["bill", "billing", "bills", "statement"],
  },
  {
    tag: "pakej",
    bm: ["pakej", "tambahan", "pakej", "kombo"],
    en: ["package", "packages", "addon", "bundle"],
  },
  {
    tag: "pertukaran",
    bm: ["tukar", "pertukaran", "menukar", "ditukar"],
    en: ["change", "changes", "exchange", "changed"],
  },
  {
    tag: "pemasangan",
    bm: ["pemasangan", "pasang", "memasang", "dipasang"],
    en: ["installation", "install", "installer", "reinstall"],
  },
  { tag: "wifi", bm: ["penghala", "modem", "wifi"], en: ["router", "modem", "wifi", "routers"] },
  {
    tag: "fibre",
    bm: ["gentian", "fibre", "jalur", "lebar"],
    en: ["fibre", "broadband", "fiber", "ethernet"],
  },
  {
    tag: "saluran",
    bm: ["saluran", "siaran", "penyiaran", "menyiarkan"],
    en: ["channel", "channels", "broadcast", "broadcasting"],
  },
  {
    tag: "pembatalan",
    bm: ["batal", "pembatalan", "membatalkan", "dibatalkan"],
    en: ["cancel", "cancellation", "cancelled", "cancelling"],
  },
  { tag: "akaun", bm: ["akaun", "profil", "akaun"], en: ["account", "accounts", "profile"] },
  {
    tag: "kata-laluan",
    bm: ["kata", "laluan", "katalaluan"],
    en: ["password", "passwords", "reset"],
  },
  {
    tag: "gangguan",
    bm: ["isyarat", "gangguan", "terputus", "terganggu"],
    en: ["signal", "outage", "disruption", "interrupted"],
  },
  { tag: "dekoder", bm: ["dekoder", "penyahkod", "kotak"], en: ["decoder", "box", "settop"] },
  {
    tag: "sukan",
    bm: ["sukan", "bola", "perlawanan"],
    en: ["sports", "football", "match", "matches"],
  },
  {
    tag: "filem",
    bm: ["filem", "tayangan", "tontonan"],
    en: ["movie", "movies", "film", "viewing"],
  },
  {
    tag: "alamat",
    bm: ["alamat", "pindah", "berpindah", "kediaman"],
    en: ["address", "moving", "relocation", "residence"],
  },
  {
    tag: "kad",
    bm: ["kad", "kredit", "debit", "automatik"],
    en: ["card", "credit", "debit", "autopay"],
  },
  {
    tag: "aplikasi",
    bm: ["aplikasi", "muat", "turun", "telefon"],
    en: ["app", "application", "download", "downloads"],
  },
  {
    tag: "rakaman",
    bm: ["rakam", "rakaman", "merakam", "dirakam"],
    en: ["record", "recording", "recordings", "recorded"],
  },
  {
    tag: "naik-taraf",
    bm: ["naik", "taraf", "peningkatan"],
    en: ["upgrade", "upgrades", "upgraded"],
  },
  {
    tag: "kelajuan",
    bm: ["kelajuan", "laju", "perlahan"],
    en: ["speed", "slow", "fast", "speeds"],
  },
  {
    tag: "bayaran-balik",
    bm: ["bayaran", "balik", "pulangan"],
    en: ["refund", "refunds", "refunded"],
  },
  {
    tag: "kontrak",
    bm: ["kontrak", "tempoh", "perjanjian"],
    en: ["contract", "term", "agreement"],
  },
  {
    tag: "liputan",
    bm: ["liputan", "kawasan", "semakan"],
    en: ["coverage", "area", "check", "checking"],
  },
  { tag: "rumah", bm: ["rumah", "kediaman", "bangunan"], en: ["house", "home", "building"] },
];

const FILLER = {
  bm: "dan untuk anda boleh yang di ke dengan ini akan cara bagaimana saya jika tidak ada kami perlu sila hubungi atau dalam pada dari telah lebih semua baharu".split(
    " ",
  ),
  en: "the and to you can your how do i my for with is if not we need please contact or in on from has more all new a of it".split(
    " ",
  ),
};

const SYLLABLES = "ka ma ta ri lu ng an ba se di ko pe la ra sa nu me ti go ha ya wa ju pi".split(
  " ",
);

/** Picks from a list, the first entries far more often (a rough Zipf curve). */
function zipf<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(list.length * random() ** 2.2)] as T;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(list.length * random())] as T;
}

function int(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function inventWords(random: () => number, count: number): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    let word = "";
    for (let s = int(random, 2, 4); s > 0; s--) word += pick(random, SYLLABLES);
    words.add(word);
  }
  return Array.from(words);
}

/** Generates `count` questions in categories of one concept and one language each. */
export function generateCorpus(count: number, seed = 20261121): SupportCategory[] {
  const random = prng(seed);
  const rare = inventWords(random, 4000);
  const categories = new Map<string, SupportCategory>();

  for (let i = 0; i < count; i++) {
    const lang = random() < 0.55 ? "bm" : "en";
    const main = zipf(random, CONCEPTS);
    const second = random() < 0.6 ? pick(random, CONCEPTS) : undefined;
    const topics = second && second !== main ? [main, second] : [main];

    const word = (): string => {
      const r = random();
      if (r < 0.3) return pick(random, pick(random, topics)[lang]);
      if (r < 0.72) return zipf(random, FILLER[lang]);
      if (r < 0.85) return pick(random, pick(random, CONCEPTS)[lang]);
      // A few English words in Malay text and the other way round, as real answers have.
      if (r < 0.9) return pick(random, pick(random, CONCEPTS)[lang === "bm" ? "en" : "bm"]);
      return zipf(random, rare);
    };
    const words = (n: number): string => Array.from({ length: n }, word).join(" ");

    const name = [
      lang === "bm" ? "Bagaimana" : "How",
      pick(random, main[lang]),
      words(int(random, 1, 4)),
      ...(second ? [pick(random, second[lang])] : []),
    ].join(" ");
    const description = `${words(int(random, 8, 20))}.`;
    const blocks: string[] = [];
    for (let b = int(random, 2, 5); b > 0; b--) {
      const r = random();
      if (r < 0.55) {
        blocks.push(
          `<p>${words(int(random, 6, 12))} <strong>${word()}</strong>&nbsp;${words(int(random, 4, 16))}.</p>`,
        );
      } else if (r < 0.85) {
        const items = Array.from(
          { length: int(random, 2, 4) },
          () => `<li>${words(int(random, 3, 8))}</li>`,
        );
        blocks.push(`<ul>${items.join("")}</ul>`);
      } else {
        blocks.push(`<h3>${words(int(random, 2, 5))} &amp; ${word()}</h3>`);
      }
    }
    const question: SupportQuestion = {
      ref_id: i + 1,
      slug: `q-${i + 1}`,
      name,
      description,
      content: blocks.join(""),
      tags: topics.map((topic) => topic.tag),
    };

    const slug = `${main.tag}-${lang}`;
    let category = categories.get(slug);
    if (!category) {
      category = { name: `${main.tag} (${lang})`, slug, questions: [] };
      categories.set(slug, category);
    }
    category.questions.push(question);
  }
  return Array.from(categories.values());
}

/** The fixed benchmark queries: 25 Malay, 25 English; words, phrases, prefixes and suffixes. */
export const QUERIES: { lang: "bm" | "en"; query: string }[] = [
  ...[
    "langganan",
    "langgan",
    "bayar bil",
    "cara bayar bil",
    "tukar pakej",
    "kata laluan",
    "penghala wifi",
    "pemasangan",
    "gentian jalur lebar",
    "saluran sukan",
    "batal langganan",
    "akaun saya",
    "isyarat terputus",
    "Dekoder",
    "alamat baharu",
    "pindah rumah",
    "kad kredit",
    "muat turun aplikasi",
    "rakaman",
    "naik taraf pakej",
    "kelajuan perlahan",
    "bayaran balik",
    "semakan liputan kawasan",
    "pemba",
    "luran",
  ].map((query) => ({ lang: "bm" as const, query })),
  ...[
    "subscription",
    "scription",
    "pay bill",
    "how to pay my bill",
    "change package",
    "password reset",
    "router wifi",
    "installation",
    "fibre broadband",
    "sports channels",
    "cancel subscription",
    "my account",
    "signal outage",
    "decoder box",
    "new address",
    "moving house",
    "Credit Card",
    "download app",
    "recording",
    "upgrade package",
    "slow speed",
    "refund",
    "coverage area",
    "instal",
    "ment",
  ].map((query) => ({ lang: "en" as const, query })),
];

/** A query with the answers it means, as "category-slug/question-slug"; the first is the best. */
export type Judged = { query: string; expect: string[] };

/**
 * Known-item queries over a generated corpus: for `count` questions picked at random among those
 * whose name holds a word found in at most two names, that word and another word of the name
 * (4+ letters), one of the two misspelt (two neighbours swapped) in every other query. A query
 * means every question whose name holds both words.
 */
export function knownItemQueries(
  categories: readonly SupportCategory[],
  count: number,
  seed = 7,
): Judged[] {
  const random = prng(seed);
  const opening = new Set(["bagaimana", "how"]);
  const words = (text: string) =>
    Array.from(new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? [])).filter(
      (word) => word.length >= 4 && !opening.has(word),
    );
  const questions = categories.flatMap((category) =>
    category.questions.map((question) => ({
      slug: `${category.slug}/${question.slug}`,
      words: words(question.name),
    })),
  );
  const frequency = new Map<string, number>();
  for (const { words: list } of questions) {
    for (const word of list) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const swap = (word: string) => `${word.slice(0, 1)}${word[2]}${word[1]}${word.slice(3)}`;
  const queries: Judged[] = [];
  while (queries.length < count) {
    const target = pick(random, questions);
    const rare = target.words.find((word) => (frequency.get(word) ?? 0) <= 2);
    const other = target.words.find((word) => word !== rare);
    if (!rare || !other) continue;
    const misspelt = queries.length % 2 === 1;
    const first = misspelt && queries.length % 4 === 1 ? swap(rare) : rare;
    const second = misspelt && queries.length % 4 === 3 ? swap(other) : other;
    queries.push({
      query: `${first} ${second}`,
      expect: questions
        .filter((q) => q.words.includes(rare) && q.words.includes(other))
        .map((q) => q.slug),
    });
  }
  return queries;
}
