/**
 * Seeded randomness for the secrets benchmark corpus: the same seed always
 * gives the same corpus, byte for byte.
 */

export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const DIGITS = '0123456789';
export const ALNUM = `${UPPER}${LOWER}${DIGITS}`;
export const BASE32 = `${UPPER}234567`;
export const HEX = '0123456789abcdef';
const BASE64 = `${ALNUM}+/`;

/** Words for identifiers, comments and prose. */
export const WORDS: readonly string[] = (
  'account address admin alert allow archive audit backup balance batch billing branch bucket budget build cache ' +
  'callback cart channel check client cluster config connection consumer contract counter customer dashboard data ' +
  'deploy device digest discount document domain draft email endpoint entry event export feature feed field filter ' +
  'folder form gateway group handler health history image import index inventory invoice item job key label ledger ' +
  'limit listing loader location log mailer manager message metric migration mode model module monitor network node ' +
  'notice order owner package page parser partner payment payload period plan policy pool preview price process ' +
  'product profile project provider query queue quota rate reader record region release report request resource ' +
  'result retry review role route rule schedule schema search segment sender service session setting shipment ' +
  'snapshot source stage state status storage store stream subscription summary sync table task team template tenant ' +
  'ticket timer topic tracker transfer trigger upload usage user value vendor version view visit wallet warehouse ' +
  'webhook widget window worker workspace'
).split(' ');

export const VERBS: readonly string[] = (
  'get set load save find create update delete list fetch build parse render send receive validate normalize ' +
  'resolve apply merge sync refresh register handle compute format encode decode schedule cancel publish collect'
).split(' ');

/** A small, fast PRNG (sfc32) seeded from a string. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    let h = 1779033703 ^ seed.length;
    for (const ch of seed) {
      h = Math.imul(h ^ ch.charCodeAt(0), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    const next = (): number => {
      h = Math.imul(h ^ (h >>> 16), 2246822507);
      h = Math.imul(h ^ (h >>> 13), 3266489909);
      return (h ^= h >>> 16) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 16; i++) this.float();
  }

  /** Uniform in [0, 1). */
  float(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.float() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.float() * alphabet.length)] ?? '';
    return out;
  }

  hex(length: number): string {
    return this.chars(HEX, length);
  }

  base64(bytes: number): string {
    const body = this.chars(BASE64, Math.ceil((bytes * 4) / 3));
    const pad = (4 - (body.length % 4)) % 4;
    return body + '='.repeat(pad);
  }

  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${this.pick(['8', '9', 'a', 'b'])}${h.slice(17, 20)}-${h.slice(20)}`;
  }

  word(): string {
    return this.pick(WORDS);
  }

  words(min: number, max: number): string[] {
    const out: string[] = [];
    const n = this.int(min, max);
    for (let i = 0; i < n; i++) out.push(this.word());
    return out;
  }

  sentence(min = 4, max = 14): string {
    const text = this.words(min, max).join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }

  camel(parts = this.int(1, 3)): string {
    return this.words(parts, parts)
      .map((w, i) => (i === 0 ? w : capitalize(w)))
      .join('');
  }

  pascal(parts = this.int(1, 3)): string {
    return capitalize(this.camel(parts));
  }

  snake(parts = this.int(1, 3)): string {
    return this.words(parts, parts).join('_');
  }

  kebab(parts = this.int(1, 3)): string {
    return this.words(parts, parts).join('-');
  }

  url(): string {
    const host = this.pick(['api', 'auth', 'cdn', 'status', 'hooks', 'internal']);
    const domain = this.pick(['example.com', 'acme.io', 'corp.internal', 'example.org', 'svc.cluster.local']);
    return `https://${host}.${domain}/${this.words(1, 3).join('/')}`;
  }
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
