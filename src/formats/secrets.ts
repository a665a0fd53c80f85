const SECRET_KEY = /(api[_-]?key|secret|token|password|authorization|credential)/i;
const REMOVED = '[removed by Condenser Inspector]';

/**
 * A copy of a configuration without secrets: an inline `llm_config` (or the SDK's `llm`) may carry an
 * API key, and configurations end up in exported session files. Token limits (`max_tokens`...) are
 * numbers and stay.
 */
export function withoutSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSecrets) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    copy[key] = SECRET_KEY.test(key) && typeof item === 'string' && item !== '' ? REMOVED : withoutSecrets(item);
  }
  return copy as T;
}
