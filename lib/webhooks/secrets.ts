import { randomBytes } from "node:crypto";

/** Hours the previous secret keeps signing beside the new one after a rotation. */
export const ROTATION_OVERLAP_HOURS = 24;

/** A new signing secret: `whsec_` and the base64 of 32 random bytes (Standard Webhooks: 24 to 64 bytes). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** The key a secret stands for: the bytes of its base64 part. */
export function signingKeyOf(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ""), "base64");
}
