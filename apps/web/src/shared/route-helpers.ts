import { notFound } from "@tanstack/react-router";
import { isNotFoundError } from "./api";

/** Awaits a loader prefetch and turns a service 404 into the router's not-found page. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
}
