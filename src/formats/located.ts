import { type LocatedEvents, isRecord } from './types.ts';

function isSdkEvent(value: unknown): boolean {
  return isRecord(value) && typeof value.kind === 'string' && typeof value.id === 'string';
}

/** The SDK shape of a container that turned out to hold SDK events. */
const SDK_SHAPE_OF: Readonly<Record<string, string>> = {
  'v0-events-jsonl': 'sdk-events-jsonl',
  'v0-eval-jsonl': 'sdk-eval-jsonl',
};

/** Events found in a container; containers shared by both flavors are named by the events they hold. */
export function located(
  shape: string,
  items: readonly unknown[],
  label: (index: number) => string,
  extra: Partial<LocatedEvents> = {},
): LocatedEvents {
  const actual = shape.startsWith('sdk-')
    ? shape
    : items.some(isSdkEvent)
      ? (SDK_SHAPE_OF[shape] ?? 'sdk-list')
      : shape;
  return { shape: actual, items, label, instances: [], instanceId: null, notes: [], recordedCondenser: null, ...extra };
}
