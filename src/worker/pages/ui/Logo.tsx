// Brand logo: the stacked-stones mark and a CAIRN wordmark drawn as outlines, coloured through currentColor.

/** Same geometry as MARK and WORDMARK in scripts/art/kit.ts (the product art and favicon use those). */
const STONES =
  'M6 50c0-6 11-9 26-9s26 3 26 9-11 8-26 8S6 56 6 50zM12 32c0-5 8-7 19-7s19 2 19 7-8 6-19 6-19-1-19-6zM21 18c0-4 5-5 12-5s12 1 12 5-5 5-12 5-12-1-12-5zM27 7c0-2 2-3 5-3s5 1 5 3-2 3-5 3-5-1-5-3z';
const WORDMARK =
  'M99.9 24.1A14 14 0 1 0 99.9 43.9L95.7 39.7A8 8 0 1 1 95.7 28.3Z' +
  'M107 48L117 20H125L135 48H128.5L126 41H116L113.5 48ZM121 27L124.2 36H117.8Z' +
  'M142 20H148.5V48H142Z' +
  'M155.5 48V20H167A10 10 0 0 1 170.4 39.4L177 48H168.5L163 40H162V48ZM162 26.5H167A3.5 3.5 0 0 1 167 33.5H162Z' +
  'M184 48V20H190.5L202 37V20H208.5V48H202L190.5 31V48Z';

const VIEW_WIDTH = 228;
const VIEW_HEIGHT = 64;
const HEIGHT = 28;

export function Logo({ className }: { className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      className={className}
      role="img"
      aria-label="Cairn"
      viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
      height={HEIGHT}
      width={Math.round((HEIGHT * VIEW_WIDTH) / VIEW_HEIGHT)}
      fill="currentColor"
    >
      <path d={STONES} />
      {/* Letters are scaled up around their centre so the cap height sits at about 60% of the mark. */}
      <path d={WORDMARK} fillRule="evenodd" transform="translate(72 31) scale(1.15) translate(-76 -34)" />
    </svg>
  );
}
