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
]);
/** Compound words that end like one without being one: counts and names (`max_tokens`, `custom_tokenizer`, `keys`). */
const SAFE_ENDINGS = /(tokens|tokenizer|keys|keyword|keywords|monkey|turkey)$/;

/** A field's name as words: `awsSecretAccessKey`, `aws_secret_access_key` and `X-Api-Key` alike. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether a field of this name holds a credential. */
export function isSecretName(name: string): boolean {
  return wordsOf(name).some(
    (word) =>
      SECRET_WORDS.has(word) ||
      (!SAFE_ENDINGS.test(word) && /(key|secret|token|password)$/.test(word) && word.length > 3),
  );
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
  const withoutUser = text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/i, `$1${encodeURIComponent(REMOVED)}@`);
  return withoutUser.replace(/([?&])([^=&#\s]+)=([^&#\s]*)/g, (whole, sep: string, name: string) =>
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
    else copy[key] = withoutSecrets(item);
  }
  return copy as T;
}
