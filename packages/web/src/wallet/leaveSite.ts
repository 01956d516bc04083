/** Navigates the whole page to another site (the other network's variant). */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
