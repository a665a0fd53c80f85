import { expect } from 'vitest';

type ErrorClass<E extends Error> = abstract new (...args: never[]) => E;

/** The error `run` throws, checked to be of `type` (fails the test when nothing is thrown). */
export function thrown<E extends Error>(run: () => unknown, type: ErrorClass<E>): E {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected a ${type.name}`);
}

/** The error `promise` rejects with, checked to be of `type`. */
export async function rejected<E extends Error>(promise: Promise<unknown>, type: ErrorClass<E>): Promise<E> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return error as E;
  }
  throw new Error(`expected a ${type.name}`);
}
