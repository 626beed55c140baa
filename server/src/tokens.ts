// Seat tokens: unguessable, one per seat, kept only as hashes (in memory and in the store), so a
// leaked save does not let anyone take a seat.

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function newToken(): string {
  return randomBytes(24).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Whether `token` is the one whose hash is `hash`, in constant time. */
export function tokenMatches(token: string, hash: string): boolean {
  const a = Buffer.from(hashToken(token), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A seed nobody at the table chose. */
export function serverSeed(): number {
  return randomBytes(4).readUInt32BE(0) & 0x7fffffff;
}
