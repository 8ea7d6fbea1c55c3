/* eslint-disable @next/next/no-img-element -- developer-hosted images on arbitrary hosts */
/** A listing's logo, or its initial while it has none. */
export function AppLogo({ name, url, size = 40 }: { name: string; url: string | null; size?: number }) {
  const box = { width: size, height: size };
  if (!url) {
    return (
      <span
        aria-hidden="true"
        style={box}
        className="grid shrink-0 place-items-center rounded-lg bg-slate-200 text-sm font-semibold text-slate-600"
      >
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      style={box}
      className="shrink-0 rounded-lg border border-slate-200 bg-[#fff] object-cover"
    />
  );
}
