// Carousel behaviour over the server's scroll-snap markup: arrows, dots, progress, and autoplay that
// pauses on hover, focus, hidden tabs and for visitors who prefer reduced motion.

function slides(track: HTMLElement): HTMLElement[] {
  return [...track.querySelectorAll<HTMLElement>('[data-carousel-slide]')];
}

export function mount(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('[data-carousel-track]');
  if (!track) return;
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]')];
  const progress = root.querySelector<HTMLElement>('[data-carousel-progress] span');
  const loop = root.dataset.loop === 'true';
  // How many slides one arrow press moves: the product carousels step by 6 or 3 on wider screens.
  const step = () => (window.matchMedia('(min-width: 700px)').matches ? Number(root.dataset.step ?? 1) || 1 : 1);

  const current = (): number => {
    const items = slides(track);
    const left = track.scrollLeft;
    let best = 0;
    items.forEach((item, i) => {
      if (Math.abs(item.offsetLeft - track.offsetLeft - left) < Math.abs((items[best]?.offsetLeft ?? 0) - track.offsetLeft - left)) best = i;
    });
    return best;
  };
  const goTo = (index: number) => {
    const items = slides(track);
    if (items.length === 0) return;
    const last = items.length - 1;
    const target = index > last ? (loop ? 0 : last) : index < 0 ? (loop ? last : 0) : index;
    track.scrollTo({ left: (items[target]?.offsetLeft ?? 0) - track.offsetLeft });
  };
  const update = () => {
    const index = current();
    for (const [i, dot] of dots.entries()) {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    }
    const max = track.scrollWidth - track.clientWidth;
    if (progress) progress.style.width = `${max > 0 ? Math.round((track.scrollLeft / max) * 100) : 100}%`;
  };

  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => goTo(current() - step()));
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => goTo(current() + step()));
  for (const [i, dot] of dots.entries()) dot.addEventListener('click', () => goTo(i));
  track.addEventListener('scroll', () => requestAnimationFrame(update), { passive: true });
  update();

  const interval = Number(root.dataset.autorotateMs ?? 0);
  if (root.dataset.autoplay !== 'true' || interval <= 0 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  let paused = false;
  const pause = () => {
    paused = true;
  };
  const resume = () => {
    paused = false;
  };
  root.addEventListener('pointerenter', pause);
  root.addEventListener('pointerleave', resume);
  root.addEventListener('focusin', pause);
  root.addEventListener('focusout', resume);
  setInterval(() => {
    if (!paused && document.visibilityState === 'visible') goTo(current() + 1 > slides(track).length - 1 ? 0 : current() + 1);
  }, interval);
}
