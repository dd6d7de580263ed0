// A map of stores drawn here, as SVG in the page: no map service, no third-party script, nothing to load.
// Stores are placed by their coordinates (longitude scaled by the latitude's cosine, so distances look
// right), numbered as the list beside it numbers them; the searched place is a ring.

export interface MapPoint {
  label: string;
  name: string;
  /** Written beside the pin: the town. */
  caption: string;
  latitude: number;
  longitude: number;
}

const WIDTH = 640;
const HEIGHT = 360;
const PADDING = 36;

export function StoreMap({ points, origin, title }: { points: readonly MapPoint[]; origin?: { latitude: number; longitude: number } | null; title: string }) {
  const all = origin ? [...points, { ...origin, label: '', name: '', caption: '' }] : points;
  if (all.length === 0) return null;
  const meanLat = all.reduce((sum, p) => sum + p.latitude, 0) / all.length;
  const scaleX = Math.cos((meanLat * Math.PI) / 180);
  const xs = all.map((p) => p.longitude * scaleX);
  const ys = all.map((p) => -p.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // One store alone still gets a frame around it: about ten kilometres.
  const spanX = Math.max(maxX - minX, 0.1);
  const spanY = Math.max(maxY - minY, 0.1);
  const scale = Math.min((WIDTH - 2 * PADDING) / spanX, (HEIGHT - 2 * PADDING) / spanY);
  // Centred: what the points span, in the middle of the frame.
  const offsetX = (WIDTH - (maxX - minX) * scale) / 2;
  const offsetY = (HEIGHT - (maxY - minY) * scale) / 2;
  const place = (p: { latitude: number; longitude: number }) => ({
    x: Math.round((offsetX + (p.longitude * scaleX - minX) * scale) * 10) / 10,
    y: Math.round((offsetY + (-p.latitude - minY) * scale) * 10) / 10,
  });
  const at = origin ? place(origin) : null;
  return (
    <svg className="store-map" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={title} preserveAspectRatio="xMidYMid meet">
      <rect width={WIDTH} height={HEIGHT} className="store-map__ground" />
      {[1, 2, 3].map((i) => (
        <g key={i} className="store-map__grid">
          <line x1={(WIDTH * i) / 4} y1={0} x2={(WIDTH * i) / 4} y2={HEIGHT} />
          <line x1={0} y1={(HEIGHT * i) / 4} x2={WIDTH} y2={(HEIGHT * i) / 4} />
        </g>
      ))}
      {at ? <circle className="store-map__origin" cx={at.x} cy={at.y} r={9} /> : null}
      {points.map((point) => {
        const { x, y } = place(point);
        return (
          <g key={point.label} className="store-map__pin" transform={`translate(${x} ${y})`}>
            <title>{point.name}</title>
            <circle r={13} />
            <text y={5} textAnchor="middle">
              {point.label}
            </text>
            <text className="store-map__caption" x={x > WIDTH - 140 ? -18 : 18} y={5} textAnchor={x > WIDTH - 140 ? 'end' : 'start'}>
              {point.caption}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
