/** Reloads the page (its own module, so tests can replace it). */
export const reloadPage = (): void => {
  window.location.reload();
};
