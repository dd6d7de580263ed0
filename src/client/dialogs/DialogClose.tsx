// The close button of the panel dialogs opened on demand (quick shop, delivery): an icon with its label.

export function DialogClose({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button className="panel-dialog__close" type="button" aria-label={label} onClick={onClick}>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
        <path d="M5 5l14 14M19 5 5 19" />
      </svg>
    </button>
  );
}
