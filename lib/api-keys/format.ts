import { createHash, randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";

// mkp_ + 32 random base62 characters + 6 base62 characters of CRC32(random part) = 42 characters.
// The checksum lets a typo or a truncated key be refused without touching the database.

export const API_KEY_PREFIX = "mkp_";
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = /^mkp_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

function base62(value: number, width: number): string {
  let out = "";
  for (let rest = value; rest > 0; rest = Math.floor(rest / 62)) out = ALPHABET[rest % 62] + out;
  return out.padStart(width, "0");
}

export function checksumOf(randomPart: string): string {
  return base62(crc32(randomPart), CHECKSUM_LENGTH);
}

export function generateApiKey(): string {
  const randomPart = randomBase62(RANDOM_LENGTH);
  return `${API_KEY_PREFIX}${randomPart}${checksumOf(randomPart)}`;
}

/** True when the string has the key's shape and its checksum matches. */
export function isWellFormedApiKey(candidate: string): boolean {
  const match = KEY_PATTERN.exec(candidate);
  return match !== null && checksumOf(match[1]!) === match[2];
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** `mkp_` + first 4 random characters + `…` + last 4 characters. */
export function maskApiKey(key: string): string {
  return `${key.slice(0, API_KEY_PREFIX.length + 4)}…${key.slice(-4)}`;
}
