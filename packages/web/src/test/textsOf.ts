import { type ByRoleMatcher, within } from '@testing-library/react';

/** The text of each element of `role` inside `container`, in document order. */
export function textsOf(container: HTMLElement, role: ByRoleMatcher): (string | null)[] {
  return within(container)
    .getAllByRole(role)
    .map((element) => element.textContent);
}
