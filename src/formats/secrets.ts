const REMOVED = '[removed by Condenser Inspector]';

/** Words that make a field's name a credential's (`api_key`, `aws_secret_access_key`, `auth_token`, `password`...). */
const SECRET_WORDS = new Set([
  'key',
  'secret',
  'token',
  'password',
  'passwd',
  'pwd',
  'passphrase',
  'credential',
  'credentials',
  'authorization',
  'auth',
  'cookie',
  'bearer',
  'signature',
  'jwt',
]);
/** Plural words that are credentials too (`secrets`, `cookies`); `tokens` and `keys` are mostly counts and names. */
const SECRET_PLURALS = new Set(['secrets', 'passwords', 'cookies', 'credentials', 'signatures']);
/** Words before `keys` that make it a list of credentials (`api_keys`, `access_keys`), not names to keep. */
const KEY_OWNERS = new Set(['api', 'access', 'secret', 'private', 'auth']);
/** Compound words that end like one without being one: counts and names (`max_tokens`, `custom_tokenizer`, `keys`). */
const SAFE_ENDINGS = /(tokens|tokenizer|keys|keyword|keywords|monkey|turkey)$/;

/**
 * A field's name as words: `awsSecretAccessKey`, `aws_secret_access_key` and `X-Api-Key` alike; a
 * number at a word's end goes (`api_key2`, `password1` are a key and a password too).
 */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .map((word) => word.replace(/(?<=[a-z])\d+$/, ''))
    .filter(Boolean);
}

const isSecretWord = (word: string, before: string | undefined) =>
  SECRET_WORDS.has(word) ||
  SECRET_PLURALS.has(word) ||
  (word === 'keys' && before !== undefined && KEY_OWNERS.has(before)) ||
  (!SAFE_ENDINGS.test(word) && /(key|secret|token|password)$/.test(word) && word.length > 3);

/** Whether a field of this name holds a credential. */
export function isSecretName(name: string): boolean {
  const words = wordsOf(name);
  return words.some((word, k) => isSecretWord(word, words[k - 1]));
}

/**
 * Whether a field of this name holds a credential even as a number (a numeric password or PIN): only
 * when the credential word is its last, so `token_limit` or `auth_timeout` keep their numbers.
 */
function isSecretNumberName(name: string): boolean {
  const words = wordsOf(name);
  const last = words.at(-1);
  return last !== undefined && isSecretWord(last, words.at(-2)) && !/^(tokens?|keys?)$/.test(last);
}

/** Fields whose every value is a header: a custom `Authorization` or `X-Api-Key` travels in them. */
const isHeaders = (name: string) => /headers?$/i.test(name);

/** Values that are credentials whatever their field is called: well-known key formats. */
const SECRET_VALUES = [
  /^(sk|rk|pk)-[\w-]{16,}$/,
  /^AKIA[0-9A-Z]{16}$/,
  /^gh[pousr]_[A-Za-z0-9]{20,}$/,
  /^xox[abprs]-[\w-]{10,}$/,
  /^AIza[\w-]{30,}$/,
  /^Bearer\s+\S{8,}$/i,
];

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A URL's user and password (`https://user:pass@host`), and query parameters named like credentials (`?api_key=`). */
function withoutUrlSecrets(text: string): string {
  const withoutUser = text.replace(/^(\s*[a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/i, `$1${encodeURIComponent(REMOVED)}@`);
  // In the query, and in a fragment that carries parameters (`#access_token=`, as OAuth redirects do).
  return withoutUser.replace(/([?&#])([^=&#\s]+)=([^&#\s]*)/g, (whole, sep: string, name: string) =>
    isSecretName(decoded(name)) ? `${sep}${name}=${encodeURIComponent(REMOVED)}` : whole,
  );
}

function cleanString(text: string): string {
  const trimmed = text.trim();
  if (SECRET_VALUES.some((pattern) => pattern.test(trimmed))) return REMOVED;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? withoutUrlSecrets(text) : text;
}

/** Every string inside replaced (a credential's or a header's whole content); numbers and flags stay. */
function allStringsRemoved(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? value : REMOVED;
  if (Array.isArray(value)) return value.map(allStringsRemoved);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, allStringsRemoved(item)]),
  );
}

/**
 * A copy of a configuration without secrets: an inline `llm_config` (or the SDK's `llm`) may carry an
 * API key, and configurations end up in exported session files and copied TOML. Removed: fields named
 * like credentials (`api_key`, `aws_access_key_id`, `aws_secret_access_key`, `*_token`, `password`...),
 * every header value, a URL's user and password and its credential parameters, and values in
 * well-known key formats (`sk-...`, `AKIA...`) wherever they are. Token limits (`max_tokens`...) are
 * numbers and stay.
 */
export function withoutSecrets<T>(value: T): T {
  if (typeof value === 'string') return cleanString(value) as T;
  if (Array.isArray(value)) return value.map(withoutSecrets) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (isHeaders(key) || (isSecretName(key) && typeof item === 'object' && item !== null))
      copy[key] = allStringsRemoved(item);
    else if (isSecretName(key) && typeof item === 'string' && item !== '') copy[key] = REMOVED;
    else if (typeof item === 'number' && isSecretNumberName(key)) copy[key] = REMOVED;
    else copy[key] = withoutSecrets(item);
  }
  return copy as T;
}
