// A carousel collection's slide sizes per breakpoint (account-content §3): slideWidth, slideMaxWidth and
// slidePadding, in rem. The schema bounds them here; collection-layout.ts turns them into classes.

/** Largest value of each setting, in rem: the stylesheet (blocks/slide-sizes.css) has classes up to these. */
export const SLIDE_REM_MAX = { slideWidth: 60, slideMaxWidth: 60, slidePadding: 5 } as const;

export type SlideSetting = keyof typeof SLIDE_REM_MAX;
