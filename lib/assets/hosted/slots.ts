/**
 * At most `count` of the works given to `run` at once; the others wait their turn in order.
 * Decoding images is what this bounds: a 40-megapixel image takes ~160 MB while libvips decodes it.
 */
export function slots(count: number) {
  let inUse = 0;
  const waiting: (() => void)[] = [];
  return {
    get inUse() {
      return inUse;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      // A slot freed is handed straight to the next in line, so `inUse` never passes `count`.
      if (inUse < count) inUse++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else inUse--;
      }
    },
  };
}
