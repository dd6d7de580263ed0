// Temporary wordmark until the drawn logo lands.
export function Logo({ className }: { className?: string }) {
  return (
    <svg className={className} role="img" aria-label="Cairn" viewBox="0 0 100 28" width="100" height="28" fill="currentColor">
      <text x="0" y="22" fontFamily="system-ui, sans-serif" fontWeight="800" fontSize="24">
        CAIRN
      </text>
    </svg>
  );
}
